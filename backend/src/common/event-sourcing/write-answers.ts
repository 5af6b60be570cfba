import { formatPosition, type Position } from '@secretchatbox/event-store';
import type { Written } from './event-sourced-commands.js';

/**
 * A write that is stored, but that its read models did not show within the wait: a success all
 * the same, so that no client retries a saved write. It carries what the write itself tells
 * (`known`: an id, a session, the answer when nothing needs reading back) and where it sits in
 * the log. A handler returns it in place of its answer; the HTTP edge sends it as a 202
 * (`common/http/not-yet-visible-answers.ts`).
 */
export class SavedNotYetVisible<Known extends object = object> {
  readonly position: string;

  constructor(
    readonly known: Known,
    position: Position,
  ) {
    this.position = formatPosition(position);
  }
}

/** What a write answers its request: `Answer`, or, while the read models do not show it, what is known of it. */
export type WriteAnswer<Answer, Known extends object = Answer & object> = Answer | SavedNotYetVisible<Known>;

/**
 * The answer of `written`; while the read models do not show it, what is known of the write
 * instead: `known`, or without it that same answer.
 */
export function answerOf<Answer extends object>(written: Written<Answer>): WriteAnswer<Answer>;
export function answerOf<Answer, Known extends object>(
  written: Written<Answer>,
  known: Known,
): WriteAnswer<Answer, Known>;
export function answerOf(written: Written<unknown>, known?: object): WriteAnswer<unknown, object> {
  if (written.visible) return written.answer;
  return new SavedNotYetVisible(known ?? (written.answer as object), written.position);
}
