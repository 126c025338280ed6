/**
 * The search index's compact storage (decision 0058): per-slot lists in one pool (columns.ts)
 * and word postings in typed arrays (dictionary.ts). A model of plain arrays, changed the same
 * way, must always read the same.
 */
import { describe, expect, it } from "vitest";
import { SlotLists } from "../../api/services/search/columns";
import { Dictionary } from "../../api/services/search/dictionary";
import { Rng } from "../../api/seed/rng";

describe("SlotLists", () => {
  it("reads back what was set, through replacements, compactions, growth and fit", () => {
    const rng = new Rng("slot-lists");
    let slots = 16;
    const lists = new SlotLists(slots);
    const model: number[][] = Array.from({ length: slots }, () => []);
    const check = () => {
      for (let slot = 0; slot < slots; slot++) expect([...lists.get(slot)]).toEqual(model[slot]);
    };
    for (let step = 0; step < 3000; step++) {
      if (step === 1000) {
        lists.grow(64);
        slots = 64;
        while (model.length < slots) model.push([]);
      }
      const slot = rng.int(0, slots - 1);
      const values = rng.chance(0.2) ? null : Array.from({ length: rng.int(0, 40) }, () => rng.int(-5, 100_000));
      lists.set(slot, values);
      model[slot] = values ?? [];
      if (step % 250 === 0) check();
      if (step === 2000) lists.fit();
    }
    check();
    lists.fit();
    check();
  });

  it("keeps the pool near the live values when lists are replaced again and again", () => {
    const lists = new SlotLists(100);
    for (let round = 0; round < 50; round++) for (let slot = 0; slot < 100; slot++) lists.set(slot, [round, slot, round + slot]);
    // 300 live values: garbage is dropped whenever the pool would grow past twice the live size.
    expect(lists.pool.length).toBeLessThan(2048);
    for (let slot = 0; slot < 100; slot++) expect([...lists.get(slot)]).toEqual([49, slot, 49 + slot]);
    lists.set(7, null);
    expect(lists.get(7).length).toBe(0);
    expect(lists.length[7]).toBe(0);
  });
});

describe("Dictionary", () => {
  const marked = (dictionary: Dictionary, part: string, slots: number) => {
    const marks = new Uint8Array(slots);
    dictionary.mark(dictionary.containing(part), marks);
    return [...marks.keys()].filter((slot) => marks[slot]);
  };

  it("adds and removes postings as slots gain and lose words, and fit keeps them", () => {
    const dictionary = new Dictionary();
    const lake = dictionary.idOf("lake");
    const lakeside = dictionary.idOf("lakeside");
    const yurt = dictionary.idOf("yurt");
    expect(dictionary.idOf("lake")).toBe(lake);
    for (let slot = 0; slot < 100; slot++) dictionary.add(slot, Int32Array.from(slot % 2 ? [lake, yurt] : [lakeside]));
    expect(marked(dictionary, "yurt", 100)).toEqual(Array.from({ length: 50 }, (_, i) => i * 2 + 1));
    expect(marked(dictionary, "lake", 100)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    for (let slot = 1; slot < 100; slot += 4) dictionary.remove(slot, Int32Array.from([lake, yurt]));
    dictionary.remove(0, Int32Array.from([yurt])); // a word the slot does not have: nothing happens
    dictionary.fit();
    const yurts = Array.from({ length: 50 }, (_, i) => i * 2 + 1).filter((slot) => slot % 4 !== 1);
    expect(marked(dictionary, "yurt", 100)).toEqual(yurts);
    expect(marked(dictionary, "side", 100)).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
    for (const slot of yurts) dictionary.remove(slot, Int32Array.from([yurt]));
    // A word no listed estate has any more is not offered.
    expect(dictionary.containing("yurt")).toEqual([]);
    dictionary.add(5, Int32Array.from([yurt]));
    expect(marked(dictionary, "yurt", 100)).toEqual([5]);
  });
});
