// The shipping settings page's state: the server's settings as the text its fields hold, back to the
// body PUT /api/admin/shipping takes, and the errors it or the server finds, keyed by the field's path.
import {
  SHIPPING_ZONES,
  shippingSettings,
  shippingSettingsUpdate,
  type RateCardInput,
  type ShippingSettings,
  type ShippingSettingsUpdate,
  type ShippingZone,
} from '@rr/core';
import { displayMessage } from '../../../components/field-errors.ts';

export type ZoneText = Record<ShippingZone, string>;

export interface SlabDraft {
  /** The row's React key: rows come and go, so their index is not one. */
  key: number;
  upToGrams: string;
  rates: ZoneText;
}

export interface RateCardDraft {
  slabs: SlabDraft[];
  extraPer500g: ZoneText;
  freeAbove: string;
  codFee: string;
  codFeePercent: string;
}

export interface ShippingDraft {
  /** SPEC's rule (free above ₹100 of items, else ₹100): the rate card is sent as null. */
  simpleRule: boolean;
  card: RateCardDraft;
  codMax: string;
  codConfirmAbove: string;
  codConfirmUnproven: boolean;
  originPincode: string;
  cutoffTime: string;
  holidays: string[];
  weightGrams: string;
  lengthCm: string;
  breadthCm: string;
  heightCm: string;
}

/** Errors by the field's path in the body: 'codMax', 'rateCard.slabs.0.rates.metro', 'rateCard.slabs'. */
export type PathErrors = Record<string, string>;

let nextKey = 1;
const newKey = () => nextKey++;

const text = (n: number | null) => (n === null ? '' : String(n));
const zoneText = (rates?: Record<ShippingZone, number>): ZoneText =>
  Object.fromEntries(SHIPPING_ZONES.map((zone) => [zone, rates ? String(rates[zone]) : ''])) as ZoneText;

const slabOf = (upToGrams: number | null, rates?: Record<ShippingZone, number>): SlabDraft => ({
  key: newKey(),
  upToGrams: text(upToGrams),
  rates: zoneText(rates),
});

function cardDraftOf(card: RateCardInput | null): RateCardDraft {
  if (!card) return { slabs: [slabOf(500)], extraPer500g: zoneText(), freeAbove: '', codFee: '', codFeePercent: '' };
  return {
    slabs: card.slabs.map((s) => slabOf(s.upToGrams, s.rates)),
    extraPer500g: zoneText(card.extraPer500g),
    freeAbove: text(card.freeAbove),
    codFee: String(card.codFee),
    codFeePercent: String(card.codFeePercent),
  };
}

/** The page's fields for the settings the server answered. */
export function draftOf(settings: ShippingSettings): ShippingDraft {
  return {
    simpleRule: settings.rateCard === null,
    card: cardDraftOf(settings.rateCard),
    codMax: String(settings.codMax),
    codConfirmAbove: text(settings.codConfirmAbove),
    codConfirmUnproven: settings.codConfirmUnproven,
    originPincode: settings.originPincode ?? '',
    cutoffTime: settings.cutoffTime,
    holidays: [...settings.holidays],
    weightGrams: String(settings.defaultPackage.weightGrams),
    lengthCm: String(settings.defaultPackage.lengthCm),
    breadthCm: String(settings.defaultPackage.breadthCm),
    heightCm: String(settings.defaultPackage.heightCm),
  };
}

/**
 * A typical card for a small Indian shop sending light parcels through an aggregator (rupees, before
 * GST): two slabs, each further 500 g, free above ₹999, and COD at ₹40 or 2%, whichever is more. The
 * owner edits every figure before saving.
 */
export const SAMPLE_RATE_CARD: RateCardInput = {
  slabs: [
    { upToGrams: 500, rates: { within_city: 40, within_state: 50, metro: 60, rest_of_india: 70, special: 90 } },
    { upToGrams: 1000, rates: { within_city: 60, within_state: 75, metro: 90, rest_of_india: 105, special: 135 } },
  ],
  extraPer500g: { within_city: 25, within_state: 30, metro: 35, rest_of_india: 40, special: 55 },
  freeAbove: 999,
  codFee: 40,
  codFeePercent: 2,
};

export const sampleCardDraft = (): RateCardDraft => cardDraftOf(SAMPLE_RATE_CARD);

/** A row under the last: 500 g heavier than it, its rates left for the owner. */
export function withSlabAdded(card: RateCardDraft): RateCardDraft {
  const last = Number(card.slabs.at(-1)?.upToGrams);
  const upTo = Number.isInteger(last) && last > 0 ? last + 500 : 500;
  return { ...card, slabs: [...card.slabs, slabOf(upTo)] };
}

export function withSlabRemoved(card: RateCardDraft, key: number): RateCardDraft {
  return { ...card, slabs: card.slabs.filter((s) => s.key !== key) };
}

const trimmedOrNull = (value: string) => (value.trim() === '' ? null : value.trim());
const zoneBody = (rates: ZoneText) =>
  Object.fromEntries(SHIPPING_ZONES.map((zone) => [zone, rates[zone].trim()])) as ZoneText;

/** The body as typed (text numbers, which the schema reads); empty optional figures as null. */
export function bodyOf(draft: ShippingDraft) {
  const card = draft.card;
  return {
    rateCard: draft.simpleRule
      ? null
      : {
          slabs: card.slabs.map((s) => ({ upToGrams: s.upToGrams.trim(), rates: zoneBody(s.rates) })),
          extraPer500g: zoneBody(card.extraPer500g),
          freeAbove: trimmedOrNull(card.freeAbove),
          codFee: card.codFee.trim() || '0',
          codFeePercent: card.codFeePercent.trim() || '0',
        },
    codMax: draft.codMax.trim(),
    codConfirmAbove: trimmedOrNull(draft.codConfirmAbove),
    codConfirmUnproven: draft.codConfirmUnproven,
    originPincode: trimmedOrNull(draft.originPincode),
    cutoffTime: draft.cutoffTime.trim(),
    holidays: draft.holidays,
    defaultPackage: {
      weightGrams: draft.weightGrams.trim(),
      lengthCm: draft.lengthCm.trim(),
      breadthCm: draft.breadthCm.trim(),
      heightCm: draft.heightCm.trim(),
    },
  };
}

/** A schema message without the field name it starts with ('rates.metro must be…' → 'Must be…'). */
export function problemText(message: string): string {
  const rest = /^[a-z][A-Za-z0-9_.]* (must|can|needs) /.exec(message);
  return displayMessage(rest ? message.slice(rest[0].length - rest[1]!.length - 1).trim() : message);
}

export type Checked = { ok: true; body: ShippingSettingsUpdate } | { ok: false; errors: PathErrors };

/** The body checked with the schema the server uses: the body, or every problem by its path. */
export function checkDraft(draft: ShippingDraft): Checked {
  const parsed = shippingSettingsUpdate.safeParse(bodyOf(draft));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: PathErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= problemText(issue.message);
  return { ok: false, errors };
}

const TOP_FIELDS = new Set(Object.keys(shippingSettings.shape));

/**
 * A 400's "field: problem" (the server names nested fields by path: 'rateCard.slabs.0.rates.metro:
 * rates.metro must be…', top-level ones in the sentence: 'codMax must be…') as the path it is about;
 * null when it names no field of the page.
 */
export function serverError(message: string): PathErrors | null {
  const prefixed = /^([A-Za-z][\w.]*): (.+)$/s.exec(message);
  if (prefixed) return { [prefixed[1]!]: problemText(prefixed[2]!) };
  const leading = /^([a-z][A-Za-z0-9]*)[ .]/.exec(message);
  if (leading && TOP_FIELDS.has(leading[1]!)) {
    const path = message.slice(0, message.indexOf(' '));
    return { [path]: problemText(message) };
  }
  return null;
}
