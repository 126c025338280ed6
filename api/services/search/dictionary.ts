/**
 * The distinct words of estates' texts, each with an id, and the slots of the listed estates
 * whose text has it (postings). Words are never forgotten; a word no listed estate has any more
 * keeps its id with no postings.
 */
export class Dictionary {
  private readonly words: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly postings: number[][] = [];

  idOf(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(word);
      this.ids.set(word, id);
      this.postings.push([]);
    }
    return id;
  }

  add(slot: number, words: Int32Array): void {
    for (const word of words) this.postings[word].push(slot);
  }

  remove(slot: number, words: Int32Array): void {
    for (const word of words) {
      const slots = this.postings[word];
      const at = slots.lastIndexOf(slot);
      if (at < 0) continue;
      slots[at] = slots[slots.length - 1];
      slots.pop();
    }
  }

  /** Ids of the words listed estates have that contain `part`. */
  containing(part: string): number[] {
    const found: number[] = [];
    for (let id = 0; id < this.words.length; id++) {
      if (this.postings[id].length > 0 && this.words[id].includes(part)) found.push(id);
    }
    return found;
  }

  /** Marks in `marks` (by slot) every listed estate having one of `words`. */
  mark(words: readonly number[], marks: Uint8Array): void {
    for (const word of words) for (const slot of this.postings[word]) marks[slot] = 1;
  }
}
