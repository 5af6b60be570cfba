import { Injectable } from '@nestjs/common';

/**
 * Whether this instance is on its way out (SIGTERM): from that moment its readiness fails, its
 * answers close their connections, and its sockets are sent to reconnect elsewhere, while what is
 * in flight completes.
 */
@Injectable()
export class Draining {
  private began = false;
  private readonly onBegin: (() => void)[] = [];

  get isDraining(): boolean {
    return this.began;
  }

  /** `react` runs once, when draining begins. */
  whenBegun(react: () => void): void {
    this.onBegin.push(react);
  }

  begin(): void {
    if (this.began) return;
    this.began = true;
    for (const react of this.onBegin) react();
  }
}
