import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PincodeInfo } from '@rr/core';

export interface PincodeDirectory {
  lookup(pincode: string): Promise<PincodeInfo | null>;
}

const DEFAULT_FILE = path.resolve(import.meta.dirname, '../../../data/pincodes.tsv');

/** What India Post's directory says of a pincode's first post office. */
export interface PostOfficeRow {
  division: string;
  district: string;
  state: string;
}

/**
 * A Delhi postal division names the city its offices serve ("New Delhi Central", "Delhi North"): the
 * part before the direction. Delhi's districts ("Central Delhi", "South West Delhi") are not what a
 * buyer writes on a parcel.
 */
const DELHI_DIVISION = /^(New Delhi|Delhi)\b/i;
/** The directory's districts that differ from the town's everyday name. */
const TOWN_OF_DISTRICT: Readonly<Record<string, string>> = {
  'Kanpur Nagar': 'Kanpur',
  'Ahmed Nagar': 'Ahmednagar',
  'Karim Nagar': 'Karimnagar',
  'Mahabub Nagar': 'Mahabubnagar',
  // Guwahati's pincodes (7810xx) are under "Kamrup" in the directory (Kamrup Metropolitan today).
  Kamrup: 'Guwahati',
};

/**
 * The city a buyer writes for a pincode (issue 32): its district, as the directory spells it without the
 * state code it adds to tell namesakes apart ("Aurangabad(BH)", "Bilaspur (HP)"), and in Delhi "New Delhi"
 * or "Delhi". Never the post office division ("Bangalore GPO", "Mumbai South", "Varanasi East"): a
 * division is India Post's sorting office, and one can reach into the next district (Kolkata East serves
 * North 24 Parganas), where the district is the right city.
 */
export function cityOf(row: PostOfficeRow): string {
  if (row.state === 'Delhi') {
    const town = DELHI_DIVISION.exec(row.division)?.[1];
    return town ? (town.toLowerCase() === 'new delhi' ? 'New Delhi' : 'Delhi') : 'Delhi';
  }
  const district = row.district.replace(/\s*\([A-Z]{2,3}\)$/, '').trim();
  return TOWN_OF_DISTRICT[district] ?? district;
}

/**
 * India Post's pincode directory, shipped with the project (server/data/pincodes.tsv, see its
 * NOTICE.md): read once, on the first lookup, into a map of about 19,000 pincodes. The file keeps the
 * directory's own division, district and state; the city is worked out from them (`cityOf`).
 */
export class OfflinePincodeDirectory implements PincodeDirectory {
  private entries: Promise<Map<string, PincodeInfo>> | null = null;

  constructor(private readonly file = DEFAULT_FILE) {}

  private load(): Promise<Map<string, PincodeInfo>> {
    this.entries ??= readFile(this.file, 'utf8').then((text) => {
      const map = new Map<string, PincodeInfo>();
      for (const line of text.split('\n').slice(1)) {
        const [pincode, division, district, state] = line.split('\t').map((field) => field.trim());
        if (!pincode || !division || !district || !state) continue;
        map.set(pincode, { pincode, city: cityOf({ division, district, state }), division, district, state });
      }
      return map;
    });
    return this.entries;
  }

  async lookup(pincode: string): Promise<PincodeInfo | null> {
    return (await this.load()).get(pincode) ?? null;
  }
}
