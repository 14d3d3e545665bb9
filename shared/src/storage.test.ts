import { parseStored, readStored, writeStored, type StoredValue } from './storage';

class MemoryStorage implements Storage {
  private values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

const numbers: StoredValue<number[]> = {
  key: 'test:numbers',
  version: 2,
  validate: (raw) => (Array.isArray(raw) ? raw.filter((n): n is number => typeof n === 'number') : undefined),
};

describe('versioned storage', () => {
  it('round-trips data through its envelope', () => {
    const storage = new MemoryStorage();
    writeStored(numbers, [1, 2], storage);
    expect(JSON.parse(storage.getItem('test:numbers')!)).toEqual({ version: 2, data: [1, 2] });
    expect(readStored(numbers, storage)).toEqual([1, 2]);
  });

  it.each([
    ['nothing stored', null],
    ['broken JSON', '{"version":2,'],
    ['another version', '{"version":1,"data":[1]}'],
    ['no envelope', '[1,2,3]'],
    ['a bare string', '"hello"'],
    ['an envelope without data', '{"version":2}'],
    ['data the validator rejects', '{"version":2,"data":{"x":1}}'],
  ])('reads %s as undefined', (_label, text) => {
    expect(parseStored(numbers, text)).toBeUndefined();
  });

  it('lets the validator clean partly bad data', () => {
    expect(parseStored(numbers, '{"version":2,"data":[1,"x",3]}')).toEqual([1, 3]);
  });

  it.each([
    ['broken JSON', '{"version":2,'],
    ['an older version', '{"version":1,"data":[1]}'],
    ['data the validator rejects', '{"version":2,"data":{"x":1}}'],
  ])('removes %s once read', (_label, text) => {
    const storage = new MemoryStorage();
    storage.setItem('test:numbers', text);
    expect(readStored(numbers, storage)).toBeUndefined();
    expect(storage.getItem('test:numbers')).toBeNull();
  });

  it('writes back what the validator cleaned, once', () => {
    const storage = new MemoryStorage();
    storage.setItem('test:numbers', '{"version":2,"data":[1,"x",3]}');
    const setItem = jest.spyOn(storage, 'setItem');
    expect(readStored(numbers, storage)).toEqual([1, 3]);
    expect(storage.getItem('test:numbers')).toBe('{"version":2,"data":[1,3]}');
    readStored(numbers, storage);
    expect(setItem).toHaveBeenCalledTimes(1);
  });

  it('leaves a newer version’s data alone for that version', () => {
    const storage = new MemoryStorage();
    storage.setItem('test:numbers', '{"version":3,"data":{"future":true}}');
    expect(readStored(numbers, storage)).toBeUndefined();
    expect(storage.getItem('test:numbers')).toBe('{"version":3,"data":{"future":true}}');
  });

  it('survives a storage that throws on every call', () => {
    const hostile = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    } as unknown as Storage;
    expect(readStored(numbers, hostile)).toBeUndefined();
    expect(writeStored(numbers, [1], hostile)).toBe(false);
  });
});
