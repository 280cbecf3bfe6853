import { randomBytes } from 'node:crypto';
import {
  COMMERCE_MESSAGES,
  SUBSTRATES,
  priceCents,
  projectTotals,
  type Order,
  type PriceTier,
  type Substrate,
} from '@atelier/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import type { Payments } from '../../lib/payments';
import { mediaUrl } from '../../lib/urls';
import type { Viewer } from '../../plugins/viewer';
import type { PopularityRecorder } from '../popularity';
import { confirmationEmail, orderLink } from '../orders';
import type { OrderService } from '../orders/service';
import type {
  CheckoutItemRow,
  CheckoutProject,
  CheckoutRepository,
  NewOrderLine,
} from './repository';
import type { CheckoutBody } from './validation';

const PROJECT_TOKEN = /^[A-Za-z0-9_-]{32}$/;
const UNIQUE_VIOLATION = '23505';

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === UNIQUE_VIOLATION;

const asTier = (tier: number): PriceTier =>
  tier === 1 || tier === 2 || tier === 3 || tier === 4 ? tier : 1;

const isSubstrate = (value: string): value is Substrate =>
  (SUBSTRATES as readonly string[]).includes(value);

/** An order's link token: 32 url-safe characters (192 bits). */
const newToken = (): string => randomBytes(24).toString('base64url');

const alreadyOrdered = (): ApiError =>
  new ApiError(409, { detail: COMMERCE_MESSAGES.alreadyOrdered });

interface CheckoutResult {
  order: Order;
  /** False when the Idempotency-Key had placed this order already (a replay). */
  created: boolean;
}

export interface CheckoutService {
  /**
   * The project a checkout is for: a guest's cart by its token alone; a user's project
   * for its owner or staff; otherwise 404.
   */
  project(viewer: Viewer, token: string): Promise<CheckoutProject>;
  /**
   * Places the project's order exactly once. The same key again answers the same order;
   * any other attempt on an ordered project is a 409.
   */
  checkout(input: {
    viewer: Viewer;
    project: CheckoutProject;
    idempotencyKey: string;
    body: CheckoutBody;
    /** The emailed link's origin (lib/email-links); null: the email goes without a link. */
    origin: string | null;
  }): Promise<CheckoutResult>;
}

export interface CheckoutServiceDeps {
  repository: CheckoutRepository;
  orders: OrderService;
  payments: Payments;
  mailer: Mailer;
  popularity: PopularityRecorder;
  log: FastifyBaseLogger;
}

/** Each line priced afresh by the server (never the stored or a client's price). */
function priceLines(items: CheckoutItemRow[]): NewOrderLine[] {
  return items.map((item) => {
    const substrate = item.substrate as Substrate;
    const width = Number(item.width);
    const height = Number(item.height);
    const unitPrice = priceCents(substrate, { w: width, h: height }, asTier(item.tier));
    const lineTotal = unitPrice * item.quantity;
    return {
      image_id: item.image_id,
      image_title: item.image_title,
      image_local_id: item.image_local_id,
      image_source: item.image_source,
      thumb: mediaUrl(item.thumb_path),
      artist_id: item.artist_id,
      artist_name: item.artist_name,
      royalty_code: item.royalty_code,
      width: item.width,
      height: item.height,
      substrate,
      custom: item.custom,
      workspace_name: item.workspace_name,
      location: item.location,
      quantity: item.quantity,
      unit_price: unitPrice,
      line_total: lineTotal,
      royalty_rate_bp: item.royalty_rate_bp,
      royalty: Math.round((lineTotal * item.royalty_rate_bp) / 10_000),
    };
  });
}

/** 400 unless every item can be bought as it is. */
function checkItems(items: CheckoutItemRow[]): void {
  if (items.length === 0) {
    throw new ApiError(400, { non_field_errors: [COMMERCE_MESSAGES.emptyProject] });
  }
  const unpublished = items.filter((item) => !item.published);
  if (unpublished.length > 0) {
    const named = unpublished.map((item) => `"${item.image_title}" (image ${item.image_id})`);
    throw new ApiError(400, {
      non_field_errors: [
        COMMERCE_MESSAGES.unpublished,
        `Remove it from the project to check out: ${[...new Set(named)].join(', ')}.`,
      ],
    });
  }
  if (
    items.some(
      (item) => !isSubstrate(item.substrate) || !item.image_substrates.includes(item.substrate),
    )
  ) {
    throw new ApiError(400, { non_field_errors: [COMMERCE_MESSAGES.substrateNotOffered] });
  }
}

export function createCheckoutService(deps: CheckoutServiceDeps): CheckoutService {
  const { repository, orders, payments, mailer, popularity, log } = deps;

  const replay = async (orderRowId: number): Promise<CheckoutResult> => ({
    order: await orders.present(orderRowId),
    created: false,
  });

  /**
   * The answer for a project that is already ordered: a replay for the key that placed the
   * order, 409 for any other. The key is read again once the order is seen because a
   * checkout with the same key may commit between the two reads, and the order and its key
   * commit together.
   */
  const orderedAnswer = async (
    projectId: number,
    key: string,
  ): Promise<CheckoutResult | undefined> => {
    const known = await repository.orderForKey(projectId, key);
    if (known !== undefined) return replay(known);
    if ((await repository.orderForProject(projectId)) === undefined) return undefined;
    const placedByKey = await repository.orderForKey(projectId, key);
    if (placedByKey !== undefined) return replay(placedByKey);
    throw alreadyOrdered();
  };

  return {
    async project(viewer, token) {
      if (!PROJECT_TOKEN.test(token)) throw notFound();
      const project = await repository.findProject(token);
      if (!project) throw notFound();
      if (project.owner_id !== null && project.owner_id !== viewer.userId && !viewer.isStaff) {
        throw notFound();
      }
      return project;
    },

    async checkout({ project, idempotencyKey, body, origin }) {
      // Answers without work for a retry; the constraints below decide the races.
      const known = await orderedAnswer(project.id, idempotencyKey);
      if (known) return known;

      const provider = payments.provider(body.payment_method);
      if (!provider) {
        throw new ApiError(400, { payment_method: [COMMERCE_MESSAGES.paymentMethodUnavailable] });
      }

      let placed: { id: number; orderId: number; lines: NewOrderLine[] };
      try {
        placed = await repository.transaction(async (writes) => {
          await writes.lock(project.id);
          const items = await writes.items(project.id);
          checkItems(items);
          const lines = priceLines(items);
          const totals = projectTotals(
            lines.map((line) => ({
              width: Number(line.width),
              height: Number(line.height),
              substrate: line.substrate as Substrate,
              quantity: line.quantity,
              unitPrice: line.unit_price,
            })),
          );
          const row = await writes.insertOrder(
            {
              token: newToken(),
              project_id: project.id,
              owner_id: project.owner_id,
              email: body.email,
              status: provider.initialStatus,
              payment_method: provider.method,
              po_number: body.po_number ?? null,
              shipping_address: body.shipping_address,
              ...totals,
            },
            lines,
            { status: provider.initialStatus, note: provider.initialNote },
            idempotencyKey,
          );
          return { ...row, lines };
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Another checkout of this project committed first: the same key is a replay.
        const winner = await orderedAnswer(project.id, idempotencyKey);
        if (winner) return winner;
        throw error;
      }

      for (const line of placed.lines) popularity.record(line.image_id, line.quantity);
      // Presenting a card order starts its PaymentIntent (and stores its id).
      const order = await orders.present(placed.id);
      try {
        await mailer.send(confirmationEmail(order, orderLink(origin, order.id)));
      } catch (error) {
        log.error({ err: error, order: order.order_id }, 'order confirmation email failed');
      }
      return { order, created: true };
    },
  };
}
