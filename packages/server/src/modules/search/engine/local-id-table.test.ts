import { LocalIdTable } from './local-id-table';

describe('LocalIdTable', () => {
  it('keeps every id given with a hash, once, through growth', () => {
    const table = new LocalIdTable();
    for (let id = 1; id <= 5000; id++) table.add(id * 7919, id);
    table.add(42, 9001);
    table.add(42, 9000);
    table.add(42, 9001);
    expect(table.size).toBe(5002);
    expect(table.idsOf(42)).toEqual([9000, 9001]);
    for (const id of [1, 2500, 5000]) {
      expect(table.has(id * 7919)).toBe(true);
      expect(table.idsOf(id * 7919)).toEqual([id]);
    }
    expect(table.has(-5)).toBe(false);
    expect(table.idsOf(-5)).toEqual([]);
  });

  it('tells apart hashes that land on the same place', () => {
    const table = new LocalIdTable();
    // Multiples of the table size collide before mixing on the low bits.
    for (let k = 0; k < 300; k++) table.add(k * 1024, k + 1);
    for (let k = 0; k < 300; k++) expect(table.idsOf(k * 1024)).toEqual([k + 1]);
  });
});
