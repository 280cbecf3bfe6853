import { useParams } from 'react-router-dom';
import { RequireLogin } from '@atelier/ui';
import { useCartStore } from '@atelier/session';
import { CartScreen } from '../features/cart/components/CartScreen';
import { CART_TEXT } from '../features/cart/constants';
import { useProject } from '../shared/api/get-project';

function Project({ id }: { id: string }) {
  const heldToken = useCartStore((s) => s.token);
  // Shares its cache entry with the screen: no second request.
  const { data } = useProject(id);
  return (
    <CartScreen
      idOrToken={id}
      isCurrentCart={data !== undefined && data.token === heldToken}
      fallbackHeading={CART_TEXT.project}
      guest={false}
    />
  );
}

/** /projects/:id: a signed-in user's project, by its id (SPEC §2). */
export default function ProjectPage() {
  const { id = '' } = useParams();
  return (
    <RequireLogin>
      <Project key={id} id={id} />
    </RequireLogin>
  );
}
