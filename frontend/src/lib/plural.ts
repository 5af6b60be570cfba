/** "1 comment", "3 comments": a count with its noun in the right number. */
export const countOf = (count: number, singular: string, plural = `${singular}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
