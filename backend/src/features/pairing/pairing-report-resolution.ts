import type { PairingReportResult } from '@secretchatbox/contracts';
import type { Moderation } from '../../common/domain/moderate-item.command.js';
import {
  type PairingReportState,
  type ResolvePairingReport,
  resolvePairingReport,
  statusOf,
} from './pairing-report.decider.js';

/** Dismissing a report of a random pair, or warning the reported visitor. */
export const pairingReportResolution: Moderation<ResolvePairingReport, PairingReportState, PairingReportResult> = {
  decider: resolvePairingReport,
  answer: ({ reportId, action }) => ({ id: reportId, status: statusOf(action) }),
};
