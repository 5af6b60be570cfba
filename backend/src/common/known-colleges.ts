import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@secretchatbox/database';
import { findCollegeByCode } from '@secretchatbox/projections';
import { DATABASE } from '../infrastructure/tokens.js';

/** Whether a college exists. No event removes a college: one found once needs no second look. */
@Injectable()
export class KnownColleges {
  private readonly known = new Set<string>();

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async exists(code: string): Promise<boolean> {
    if (this.known.has(code)) return true;
    if (!(await findCollegeByCode(this.db, code))) return false;
    this.known.add(code);
    return true;
  }
}
