import { createHash, timingSafeEqual } from 'node:crypto';
import type { TrackingStatus } from '@rr/core';
import { CourierSignatureError, type TrackingEvent } from './types.ts';

/**
 * Shiprocket's tracking webhook, which the sandbox courier speaks too, so one parser serves both. What we
 * rely on (apidocs.shiprocket.in, "Webhooks"; the tracking API's examples):
 * - Shiprocket POSTs JSON, one shipment's latest scan per call, to the URL set in the panel (Settings >
 *   API > Webhooks) and expects HTTP 200. The URL may not contain "shiprocket", "kartrocket", "sr" or "kr",
 *   so the shop also answers at /api/webhooks/courier.
 * - The only proof of origin is a token the seller types in the panel, sent back as the `x-api-key`
 *   header (no signature): compared here in constant time.
 * - Fields: `awb`, `current_status` / `shipment_status` (labels such as "IN TRANSIT", "OUT FOR DELIVERY",
 *   "DELIVERED", "UNDELIVERED", "RTO DELIVERED"), `current_status_id` / `shipment_status_id` (numbers),
 *   `current_timestamp` ("23 05 2023 11:43:52", India time), and `scans[]` of { date, activity,
 *   location, sr-status, sr-status-label }.
 */

export const WEBHOOK_TOKEN_HEADER = 'x-api-key';

/** The webhook's body as Shiprocket sends it (only the fields the shop reads). */
export interface TrackingPayload {
  awb: string;
  courier_name?: string;
  current_status?: string;
  current_status_id?: number;
  shipment_status?: string;
  shipment_status_id?: number;
  current_timestamp?: string;
  order_id?: string;
  scans?: { date?: string; status?: string; activity?: string; location?: string; 'sr-status-label'?: string }[];
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Throws CourierSignatureError unless the call carries `expected` in x-api-key (compared in constant time). */
export function verifyWebhookToken(headers: Record<string, string | string[] | undefined>, expected: string): void {
  const sent = headers[WEBHOOK_TOKEN_HEADER];
  if (typeof sent !== 'string' || !expected || !timingSafeEqual(digest(sent), digest(expected))) {
    throw new CourierSignatureError();
  }
}

/** Shiprocket's shipment status codes the shop acts on (the tracking API's "Shipment Status Codes"). */
const STATUS_BY_ID: Record<number, TrackingStatus> = {
  6: 'in_transit', // SHIPPED
  7: 'delivered',
  10: 'returned', // RTO DELIVERED
  17: 'out_for_delivery',
  18: 'in_transit',
  21: 'delivery_failed', // UNDELIVERED (NDR)
  38: 'in_transit', // REACHED AT DESTINATION HUB
  42: 'in_transit', // PICKED UP
};

const IN_TRANSIT_LABELS = new Set(['IN TRANSIT', 'SHIPPED', 'PICKED UP', 'REACHED AT DESTINATION HUB', 'DELAYED']);

const normalLabel = (label: string) =>
  label
    .toUpperCase()
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A status label in the shop's terms; null for one it does not act on (pickup steps, RTO on its way). */
export function trackingStatusOfLabel(label: string): TrackingStatus | null {
  const l = normalLabel(label);
  if (l.startsWith('RTO') || l.startsWith('RETURN')) return l === 'RTO DELIVERED' ? 'returned' : null;
  if (l === 'DELIVERED') return 'delivered';
  if (l === 'OUT FOR DELIVERY') return 'out_for_delivery';
  if (l.startsWith('UNDELIVERED') || l === 'NDR') return 'delivery_failed';
  return IN_TRANSIT_LABELS.has(l) ? 'in_transit' : null;
}

function statusOf(payload: TrackingPayload): TrackingStatus | null {
  const labels = [payload.current_status, payload.shipment_status].filter(
    (l): l is string => typeof l === 'string' && l.trim() !== '',
  );
  // A parcel on its way back says so in one of its labels; only its arrival (RTO DELIVERED) counts.
  if (labels.some((l) => normalLabel(l).startsWith('RTO'))) {
    return labels.some((l) => normalLabel(l) === 'RTO DELIVERED') ? 'returned' : null;
  }
  for (const label of labels) {
    const status = trackingStatusOfLabel(label);
    if (status) return status;
  }
  if (labels.length) return null;
  return STATUS_BY_ID[Number(payload.shipment_status_id ?? payload.current_status_id)] ?? null;
}

const IST_OFFSET = '+05:30';

/** "23 05 2023 11:43:52" or "2023-05-23 11:43:52" (India time), or an ISO time; null otherwise. */
export function parseTrackingTime(text: string | undefined): Date | null {
  if (!text) return null;
  const dmy = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  const ymd = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  let iso: string | null = null;
  if (dmy) iso = `${dmy[3]}-${dmy[2]}-${dmy[1]}T${dmy[4]}:${dmy[5]}:${dmy[6]}${IST_OFFSET}`;
  else if (ymd) iso = `${ymd[1]}-${ymd[2]}-${ymd[3]}T${ymd[4]}:${ymd[5]}:${ymd[6]}${IST_OFFSET}`;
  else if (/^\d{4}-\d{2}-\d{2}T/.test(text)) iso = text;
  if (!iso) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A time as Shiprocket writes `current_timestamp`: "23 05 2023 11:43:52", India time. */
export function formatTrackingTime(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000).toISOString();
  const [date, time] = [ist.slice(0, 10), ist.slice(11, 19)];
  const [y, m, d] = date.split('-');
  return `${d} ${m} ${y} ${time}`;
}

const NOTE_MAX = 200;

/** The courier's words: a failed delivery's reason (the last scan's activity), else where it was scanned. */
function noteOf(payload: TrackingPayload, status: TrackingStatus): string | null {
  const last = (payload.scans ?? []).at(-1);
  const words = status === 'delivery_failed' ? last?.activity : status === 'delivered' ? null : last?.location;
  const text = typeof words === 'string' ? words.trim().slice(0, NOTE_MAX) : '';
  return text || null;
}

function eventOf(provider: string, payload: TrackingPayload, now: Date): TrackingEvent | null {
  if (!payload || typeof payload !== 'object' || typeof payload.awb !== 'string' || !payload.awb.trim()) return null;
  const status = statusOf(payload);
  if (!status) return null;
  const awb = payload.awb.trim().toUpperCase();
  const when = typeof payload.current_timestamp === 'string' ? payload.current_timestamp.trim() : '';
  const label = normalLabel(payload.current_status ?? payload.shipment_status ?? String(payload.shipment_status_id));
  return {
    awb,
    // A replayed call carries the same AWB, status and time.
    eventKey: `${provider}:${awb}:${label}:${when}`,
    status,
    note: noteOf(payload, status),
    occurredAt: parseTrackingTime(when) ?? now,
  };
}

/** The events of one webhook body (an object, or a list of them); events the shop does not act on are left out. */
export function trackingEventsOf(provider: string, body: unknown, now = new Date()): TrackingEvent[] {
  const payloads = (Array.isArray(body) ? body : [body]) as TrackingPayload[];
  return payloads.map((p) => eventOf(provider, p, now)).filter((e): e is TrackingEvent => e !== null);
}
