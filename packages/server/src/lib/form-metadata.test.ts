import { fieldMetadata } from '@atelier/contracts';
import { z } from 'zod';
import { formFields, labelOf, optionsAnswer } from './form-metadata';

const record = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  site: z.string(),
  count: z.number().int(),
  ratio: z.number(),
  kind: z.enum(['a', 'b']),
  tags: z.array(z.string()),
  colours: z.array(z.enum(['red', 'blue'])),
  address: z.object({ city: z.string(), zip: z.string().optional() }).nullable(),
  extra: z.record(z.string(), z.unknown()),
  artist: z.number().int(),
  created: z.string(),
});
const input = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.union([z.literal(''), z.email().max(254)]).optional(),
  site: z.url().optional(),
  count: z.int().min(0).max(10),
  ratio: z.number().min(0.5).optional(),
  kind: z.enum(['a', 'b']),
  tags: z.array(z.string().max(20)).optional(),
  colours: z.array(z.enum(['red', 'blue'])).optional(),
  address: z.object({ city: z.string(), zip: z.string().optional() }).nullable().optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
  artist: z.int().min(1),
  password: z.string().min(8),
});

describe('formFields: zod contracts as DRF SimpleMetadata', () => {
  const fields = formFields(record, input, {
    id: { label: 'ID' },
    artist: { type: 'field', help_text: 'Who made it.' },
    kind: { choiceLabels: { a: 'Kind A' } },
  });

  it('gives each field DRF type names, required and read_only', () => {
    expect(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.type]))).toEqual({
      id: 'integer',
      name: 'string',
      email: 'email',
      site: 'url',
      count: 'integer',
      ratio: 'float',
      kind: 'choice',
      tags: 'list',
      colours: 'multiple choice',
      address: 'nested object',
      extra: 'json',
      artist: 'field',
      created: 'datetime',
      password: 'string',
    });
    expect(fields.id).toEqual({ type: 'integer', required: false, read_only: true, label: 'ID' });
    expect(fields.created).toMatchObject({ read_only: true, required: false });
    expect(fields.name).toEqual({
      type: 'string',
      required: true,
      read_only: false,
      label: 'Name',
      max_length: 100,
    });
    expect(fields.email).toMatchObject({ required: false, max_length: 254 });
    expect(fields.password).toEqual({
      type: 'string',
      required: true,
      read_only: false,
      label: 'Password',
      min_length: 8,
    });
  });

  it('keeps bounds, choices, child and children', () => {
    expect(fields.count).toMatchObject({ min_value: 0, max_value: 10 });
    expect(fields.ratio).toMatchObject({ min_value: 0.5 });
    expect(fields.ratio).not.toHaveProperty('max_value');
    expect(fields.kind!.choices).toEqual([
      { value: 'a', display_name: 'Kind A' },
      { value: 'b', display_name: 'b' },
    ]);
    expect(fields.colours!.choices).toHaveLength(2);
    expect(fields.tags!.child).toEqual({
      type: 'string',
      required: true,
      read_only: false,
      max_length: 20,
    });
    expect(fields.address!.children).toMatchObject({
      city: { type: 'string', required: true, label: 'City' },
      zip: { type: 'string', required: false },
    });
    expect(fields.artist).toEqual({
      type: 'field',
      required: true,
      read_only: false,
      label: 'Artist',
      help_text: 'Who made it.',
    });
  });

  it('answers only what the strict SimpleMetadata contract allows', () => {
    for (const field of Object.values(fields))
      expect(() => fieldMetadata.parse(field)).not.toThrow();
  });

  it('leaves choices out of read-only fields, as DRF does', () => {
    const readOnly = formFields(record, z.object({}), {});
    expect(readOnly.kind).toEqual({
      type: 'choice',
      required: false,
      read_only: true,
      label: 'Kind',
    });
  });

  it('derives labels from field names as DRF does', () => {
    expect(labelOf('royalty_code')).toBe('Royalty code');
  });

  it('offers actions only when allowed', () => {
    const base = { name: 'X List', description: 'd', method: 'POST' as const };
    expect(optionsAnswer({ ...base, fields: null })).not.toHaveProperty('actions');
    expect(optionsAnswer({ ...base, fields }).actions).toEqual({ POST: fields });
  });
});
