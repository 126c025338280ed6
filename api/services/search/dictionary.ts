/**
 * The distinct words of estates' texts, each with an id, and the slots of the listed estates
 * whose text has it (postings). Words are never forgotten; a word no listed estate has any more
 * keeps its id with no postings.
 */
export class Dictionary {
  private readonly words: string[] = [];
  private readonly ids = new Map<string, number>();
  /**
   * Each word's postings, the first `counts[id]` values of a typed array that doubles as it
   * fills: 4 bytes a posting, where an array of numbers took 8 and more (decision 0058).
   */
  private readonly postings: Int32Array[] = [];
  private readonly counts: number[] = [];

  idOf(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(word);
      this.ids.set(word, id);
      this.postings.push(new Int32Array(4));
      this.counts.push(0);
    }
    return id;
  }

  add(slot: number, words: Int32Array): void {
    for (const word of words) {
      let slots = this.postings[word];
      if (this.counts[word] === slots.length) {
        slots = new Int32Array(slots.length * 2);
        slots.set(this.postings[word]);
        this.postings[word] = slots;
      }
      slots[this.counts[word]++] = slot;
    }
  }

  remove(slot: number, words: Int32Array): void {
    for (const word of words) {
      const slots = this.postings[word];
      const last = this.counts[word] - 1;
      let at = last;
      while (at >= 0 && slots[at] !== slot) at--;
      if (at < 0) continue;
      slots[at] = slots[last];
      this.counts[word] = last;
    }
  }

  /** Gives back the spare room of the postings (after a full load), but an eighth. */
  fit(): void {
    for (let id = 0; id < this.postings.length; id++) {
      const count = this.counts[id];
      const size = Math.max(4, count + (count >>> 3));
      if (size < this.postings[id].length) this.postings[id] = this.postings[id].slice(0, size);
    }
  }

  /** Ids of the words listed estates have that contain `part`. */
  containing(part: string): number[] {
    const found: number[] = [];
    for (let id = 0; id < this.words.length; id++) {
      if (this.counts[id] > 0 && this.words[id].includes(part)) found.push(id);
    }
    return found;
  }

  /** Marks in `marks` (by slot) every listed estate having one of `words`. */
  mark(words: readonly number[], marks: Uint8Array): void {
    for (const word of words) {
      const slots = this.postings[word];
      for (let i = 0, n = this.counts[word]; i < n; i++) marks[slots[i]] = 1;
    }
  }
}
