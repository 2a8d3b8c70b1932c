/**
 * India's states and union territories with their GST state codes (the first two digits of a GSTIN and
 * the code printed beside the place of supply on a tax invoice).
 *
 * Two codes of the GST list are left out on purpose: 25 (Daman and Diu) and 28 (Andhra Pradesh before
 * its bifurcation) are no longer given to new documents; Daman and Diu is part of 26 since 2020 and
 * Andhra Pradesh uses 37. 97 ("Other Territory") covers India's offshore areas outside any state.
 */
export interface GstState {
  /** Two digits, '01' to '38' or '97'. */
  code: string;
  /** The name the shop uses: the one in the pincode directory (server/data/pincodes.tsv). */
  name: string;
  kind: 'state' | 'union-territory';
}

export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir', kind: 'union-territory' },
  { code: '02', name: 'Himachal Pradesh', kind: 'state' },
  { code: '03', name: 'Punjab', kind: 'state' },
  { code: '04', name: 'Chandigarh', kind: 'union-territory' },
  { code: '05', name: 'Uttarakhand', kind: 'state' },
  { code: '06', name: 'Haryana', kind: 'state' },
  { code: '07', name: 'Delhi', kind: 'union-territory' },
  { code: '08', name: 'Rajasthan', kind: 'state' },
  { code: '09', name: 'Uttar Pradesh', kind: 'state' },
  { code: '10', name: 'Bihar', kind: 'state' },
  { code: '11', name: 'Sikkim', kind: 'state' },
  { code: '12', name: 'Arunachal Pradesh', kind: 'state' },
  { code: '13', name: 'Nagaland', kind: 'state' },
  { code: '14', name: 'Manipur', kind: 'state' },
  { code: '15', name: 'Mizoram', kind: 'state' },
  { code: '16', name: 'Tripura', kind: 'state' },
  { code: '17', name: 'Meghalaya', kind: 'state' },
  { code: '18', name: 'Assam', kind: 'state' },
  { code: '19', name: 'West Bengal', kind: 'state' },
  { code: '20', name: 'Jharkhand', kind: 'state' },
  { code: '21', name: 'Odisha', kind: 'state' },
  { code: '22', name: 'Chhattisgarh', kind: 'state' },
  { code: '23', name: 'Madhya Pradesh', kind: 'state' },
  { code: '24', name: 'Gujarat', kind: 'state' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', kind: 'union-territory' },
  { code: '27', name: 'Maharashtra', kind: 'state' },
  { code: '29', name: 'Karnataka', kind: 'state' },
  { code: '30', name: 'Goa', kind: 'state' },
  { code: '31', name: 'Lakshadweep', kind: 'union-territory' },
  { code: '32', name: 'Kerala', kind: 'state' },
  { code: '33', name: 'Tamil Nadu', kind: 'state' },
  { code: '34', name: 'Puducherry', kind: 'union-territory' },
  { code: '35', name: 'Andaman and Nicobar Islands', kind: 'union-territory' },
  { code: '36', name: 'Telangana', kind: 'state' },
  { code: '37', name: 'Andhra Pradesh', kind: 'state' },
  { code: '38', name: 'Ladakh', kind: 'union-territory' },
  { code: '97', name: 'Other Territory', kind: 'union-territory' },
];

/** Lower case, "&" read as "and", punctuation and all spaces dropped: "Jammu & Kashmir" -> "jammuandkashmir". */
function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z]/g, '');
}

/** Older and everyday names people type in an address, by the code they mean. */
const ALIASES: Record<string, readonly string[]> = {
  '01': ['J and K', 'JK'],
  '05': ['Uttaranchal'],
  '07': ['New Delhi', 'NCT of Delhi', 'Delhi NCT', 'National Capital Territory of Delhi'],
  '09': ['UP'],
  '21': ['Orissa'],
  '26': [
    'The Dadra and Nagar Haveli and Daman and Diu',
    'Dadra and Nagar Haveli',
    'Daman and Diu',
    'DNH and DD',
    'DNHDD',
  ],
  '34': ['Pondicherry'],
  '35': ['Andaman and Nicobar', 'Andaman and Nicobar Island', 'A and N Islands'],
};

const byKey = new Map<string, GstState>();
const byCode = new Map<string, GstState>();
for (const state of GST_STATES) {
  byKey.set(nameKey(state.name), state);
  byCode.set(state.code, state);
}
for (const [code, names] of Object.entries(ALIASES)) {
  const state = byCode.get(code);
  if (!state) throw new Error(`Alias for an unknown GST state code ${code}`);
  for (const alias of names) byKey.set(nameKey(alias), state);
}

/**
 * The state of an address's free-text state name, tolerant of case, spacing, punctuation, "&" for "and"
 * and the older names (Orissa, Pondicherry, Uttaranchal); null when the text names no state we know.
 */
export function gstStateByName(name: string): GstState | null {
  const key = nameKey(name);
  return key === '' ? null : (byKey.get(key) ?? null);
}

/** The state of a two-digit GST state code ('07'); null when unknown. */
export function gstStateByCode(code: string): GstState | null {
  return byCode.get(code) ?? null;
}
