import type { Entity } from './entity-queries';

/** What a row is called: its name, title, full name, email or label, else '#id'. */
export function entityName(entity: Entity): string {
  for (const key of ['name', 'title', 'full_name', 'businessName', 'email', 'label']) {
    const value = entity[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return `#${entity.id}`;
}

/** A few short facts under a list row's name (codes, states), never long text. */
export function rowFacts(entity: Entity): string[] {
  const facts: string[] = [];
  for (const key of ['royalty_code', 'local_id', 'artist_name', 'email', 'status']) {
    const value = entity[key];
    if (typeof value === 'string' && value && value !== entityName(entity)) facts.push(value);
  }
  if (entity.published === false) facts.push('Unpublished');
  if (entity.active === false) facts.push('Inactive');
  if (entity.approved === false) facts.push('Not approved');
  return facts;
}
