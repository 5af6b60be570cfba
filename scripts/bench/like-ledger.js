/**
 * What every like answer may say, from the toggles the load generator sent. Per visitor and
 * confession: liked or not, or unknown once a toggle got no clear answer. Per confession: the
 * likes it had before (`base`), the benchmark's visitors that like it and have no toggle in
 * flight, those with a toggle in flight or an unknown state, and how many likes and unlikes have
 * been sent. A toggle's answer must flip the visitor's `liked`, and its `likes` must lie between
 * what the other visitors' toggles can have made of the count while it was in flight, plus its
 * own: exact when no other visitor toggles that confession at the same time.
 */
export class LikeLedger {
  #confessions = new Map();
  #visitors = new Map();

  constructor(baseLikes) {
    for (const [id, likes] of baseLikes) {
      this.#confessions.set(id, { base: likes, idleLiked: 0, inFlight: 0, unknown: 0, likes: 0, unlikes: 0 });
    }
  }

  /** A toggle about to be sent, or null when the visitor's state on that confession is unknown or about to change. */
  start(token, confessionId) {
    const key = `${token}:${confessionId}`;
    const before = this.#visitors.get(key) ?? false;
    if (before === 'unknown' || before === 'in flight') return null;
    this.#visitors.set(key, 'in flight');
    const c = this.#confessions.get(confessionId);
    const others = c.base + c.idleLiked - (before ? 1 : 0);
    const ticket = { key, c, expected: !before, lowest: others, highest: others + c.inFlight + c.unknown };
    if (before) c.idleLiked -= 1;
    c.inFlight += 1;
    if (ticket.expected) c.likes += 1;
    else c.unlikes += 1;
    return { ...ticket, likesSent: c.likes, unlikesSent: c.unlikes };
  }

  /**
   * Records the toggle's answer (`null`: none, or not a 200) and says what was wrong with it:
   * '' when nothing, 'liked not flipped' or 'likes count off'.
   */
  finish(ticket, answer) {
    const { c, expected } = ticket;
    c.inFlight -= 1;
    if (!answer || answer.liked !== expected) {
      this.#visitors.set(ticket.key, 'unknown');
      c.unknown += 1;
      return answer ? 'liked not flipped' : '';
    }
    this.#visitors.set(ticket.key, expected);
    if (expected) c.idleLiked += 1;
    const own = expected ? 1 : 0;
    const lowest = ticket.lowest - (c.unlikes - ticket.unlikesSent) + own;
    const highest = ticket.highest + (c.likes - ticket.likesSent) + own;
    return answer.likes >= lowest && answer.likes <= highest ? '' : 'likes count off';
  }

  /** Every confession's possible like counts once no toggle is in flight: [lowest, highest]. */
  expectedCounts() {
    return [...this.#confessions].map(([id, c]) => [id, c.base + c.idleLiked, c.base + c.idleLiked + c.unknown]);
  }
}
