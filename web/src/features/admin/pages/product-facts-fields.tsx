import {
  CARATS_PER_RATTI,
  MAX_CERTIFICATE_BYTES,
  MAX_PRODUCT_IMAGES,
  MAX_UPLOAD_BYTES,
  ORIGIN_SUGGESTIONS,
  PLANETS,
  SITE_PATH_PATTERN,
  rattiFromCarats,
  type Product,
} from '@rr/core';
import { useId } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField, SelectField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import type { SchemaForm } from '../../../components/use-schema-form.ts';
import { useUploadCertificate, useUploadImage } from '../../catalog/index.ts';
import styles from './admin.module.css';
import { ACCEPTED_IMAGES, UploadButton } from './upload-button.tsx';

/** The facts and extra pictures as the edit form holds them: text, the pictures one path a line. */
export interface FactValues {
  [key: string]: string | boolean;
  mukhi: string;
  origin: string;
  sizeMm: string;
  weightCarats: string;
  beadCount: string;
  planet: string;
  certificateLab: string;
  certificateNumber: string;
  certificateFile: string;
  images: string;
}

const text = (value: number | string | null) => (value === null ? '' : String(value));

export function factValuesOf(product: Product): FactValues {
  return {
    mukhi: text(product.mukhi),
    origin: text(product.origin),
    sizeMm: text(product.sizeMm),
    weightCarats: text(product.weightCarats),
    beadCount: text(product.beadCount),
    planet: text(product.planet),
    certificateLab: text(product.certificateLab),
    certificateNumber: text(product.certificateNumber),
    certificateFile: text(product.certificateFile),
    images: product.images.join('\n'),
  };
}

/** The body's facts: empty text clears a fact (core's productFacts turns "" into null). */
export function factsInput(values: FactValues) {
  return {
    mukhi: values.mukhi,
    origin: values.origin,
    sizeMm: values.sizeMm,
    weightCarats: values.weightCarats,
    beadCount: values.beadCount,
    planet: values.planet,
    certificateLab: values.certificateLab,
    certificateNumber: values.certificateNumber,
    certificateFile: values.certificateFile,
    images: pictureList(values.images),
  };
}

const pictureList = (lines: string) => lines.split('\n').filter((line) => line.trim() !== '');

/** Issue 14: the product's facts, its further pictures and its lab certificate, in the edit form. */
export function ProductFactsFields<V extends FactValues>({ form }: { form: SchemaForm<V> }) {
  const { field } = form;
  const originsId = useId();
  const carats = Number(form.values.weightCarats);
  const ratti =
    form.values.weightCarats.trim() !== '' && carats > 0
      ? `${rattiFromCarats(carats)} ratti (${CARATS_PER_RATTI} ct a ratti)`
      : `Ratti is worked out at ${CARATS_PER_RATTI} ct a ratti.`;
  return (
    <fieldset className={styles.facts}>
      <legend>Product facts</legend>
      <p className={styles.uploadNote}>Leave a fact empty where it does not apply; the product page leaves it out.</p>
      <div className={styles.pair}>
        <FormField label="Mukhi" type="number" inputMode="numeric" min={1} max={21} step={1} {...field('mukhi')} />
        <FormField
          label="Origin"
          autoComplete="off"
          maxLength={60}
          list={originsId}
          hint="Choose or type: Nepal, Indonesia (Java), ..."
          {...field('origin')}
        />
        <datalist id={originsId}>
          {ORIGIN_SUGGESTIONS.map((origin) => (
            <option key={origin} value={origin} />
          ))}
        </datalist>
      </div>
      <div className={styles.pair}>
        <FormField label="Size (mm)" type="number" inputMode="decimal" min={0.01} step={0.01} {...field('sizeMm')} />
        <FormField
          label="Weight (carats)"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          hint={ratti}
          {...field('weightCarats')}
        />
      </div>
      <div className={styles.pair}>
        <FormField
          label="Beads on the mala"
          type="number"
          inputMode="numeric"
          min={1}
          max={1008}
          step={1}
          {...field('beadCount')}
        />
        <SelectField label="Planet" {...field('planet')}>
          <option value="">None</option>
          {PLANETS.map((planet) => (
            <option key={planet} value={planet}>
              {planet}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={styles.pair}>
        <FormField label="Certificate lab" autoComplete="off" maxLength={120} {...field('certificateLab')} />
        <FormField label="Certificate number" autoComplete="off" maxLength={60} {...field('certificateNumber')} />
      </div>
      <CertificateField
        value={form.values.certificateFile}
        error={form.errors.certificateFile}
        onChange={(path) => form.setValue('certificateFile', path as V['certificateFile'])}
      />
      <PicturesField
        pictures={pictureList(form.values.images)}
        error={form.errors.images}
        onChange={(list) => form.setValue('images', list.join('\n') as V['images'])}
      />
    </fieldset>
  );
}

/** The certificate's path, a link to it, and an upload (PDF or image) that fills it in. */
function CertificateField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (path: string) => void;
}) {
  const upload = useUploadCertificate();
  const maxMb = MAX_CERTIFICATE_BYTES / (1024 * 1024);
  return (
    <div className={styles.imageField}>
      <FormField
        label="Certificate file"
        autoComplete="off"
        maxLength={300}
        hint="A PDF or picture of the lab report on this site; uploading fills it in."
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
      />
      <div className={styles.imageRow}>
        {SITE_PATH_PATTERN.test(value.trim()) && (
          <a href={value.trim()} target="_blank" rel="noopener">
            Open the certificate
          </a>
        )}
        <UploadButton
          label="Upload Certificate"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          maxBytes={MAX_CERTIFICATE_BYTES}
          note={`PDF, JPEG, PNG or WebP, at most ${maxMb} MB.`}
          tooBigMessage={`The certificate must be at most ${maxMb} MB`}
          upload={upload}
          onUploaded={(reply) => onChange(reply.certificateFile)}
        />
      </div>
    </div>
  );
}

/** Further pictures after the main image: add by upload, move earlier or later, remove. */
function PicturesField({
  pictures,
  error,
  onChange,
}: {
  pictures: string[];
  error: string | undefined;
  onChange: (pictures: string[]) => void;
}) {
  const upload = useUploadImage();
  const full = pictures.length >= MAX_PRODUCT_IMAGES;
  const maxMb = MAX_UPLOAD_BYTES / (1024 * 1024);
  const move = (from: number, to: number) => {
    const next = [...pictures];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  return (
    <div className={styles.imageField}>
      <p className={styles.picturesLabel} id="pictures-label">
        More pictures ({pictures.length} of {MAX_PRODUCT_IMAGES}, shown after the main image)
      </p>
      {pictures.length > 0 && (
        <ol className={styles.pictures} aria-labelledby="pictures-label">
          {pictures.map((src, i) => (
            <li key={src} className={styles.picture}>
              <img src={src} alt={`Picture ${i + 2}`} width={64} height={64} className={styles.preview} />
              <span className={styles.picturePath}>{src}</span>
              <span className={styles.pictureActions}>
                <Button
                  variant="outline"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`Move picture ${i + 2} earlier`}
                >
                  ↑
                </Button>
                <Button
                  variant="outline"
                  disabled={i === pictures.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`Move picture ${i + 2} later`}
                >
                  ↓
                </Button>
                <Button
                  variant="outline"
                  onClick={() => onChange(pictures.filter((_, j) => j !== i))}
                  aria-label={`Remove picture ${i + 2}`}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <UploadButton
        label="Add Picture"
        accept={ACCEPTED_IMAGES}
        maxBytes={MAX_UPLOAD_BYTES}
        note={full ? 'Remove a picture to add another.' : `JPEG, PNG or WebP, at most ${maxMb} MB each.`}
        tooBigMessage={`The image must be at most ${maxMb} MB`}
        upload={upload}
        onUploaded={(reply) => onChange([...pictures, reply.image])}
        disabled={full}
      />
      {error && <Message variant="danger">{error}</Message>}
    </div>
  );
}
