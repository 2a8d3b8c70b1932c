import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PincodeInfo } from '@rr/core';

export interface PincodeDirectory {
  lookup(pincode: string): Promise<PincodeInfo | null>;
}

const DEFAULT_FILE = path.resolve(import.meta.dirname, '../../../data/pincodes.tsv');

/**
 * India Post's pincode directory, shipped with the project (server/data/pincodes.tsv, see its
 * NOTICE.md): read once, on the first lookup, into a map of about 19,000 pincodes.
 */
export class OfflinePincodeDirectory implements PincodeDirectory {
  private entries: Promise<Map<string, PincodeInfo>> | null = null;

  constructor(private readonly file = DEFAULT_FILE) {}

  private load(): Promise<Map<string, PincodeInfo>> {
    this.entries ??= readFile(this.file, 'utf8').then((text) => {
      const map = new Map<string, PincodeInfo>();
      for (const line of text.split('\n').slice(1)) {
        const [pincode, city, district, state] = line.split('\t');
        if (pincode && city && district && state) map.set(pincode, { pincode, city, district, state });
      }
      return map;
    });
    return this.entries;
  }

  async lookup(pincode: string): Promise<PincodeInfo | null> {
    return (await this.load()).get(pincode) ?? null;
  }
}
