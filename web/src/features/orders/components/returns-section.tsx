import { OWNER_NOTE_MAX, RETURN_LINE_REASONS, type Order, type OrderReturn, type Returnability } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { useDates, useT, type Translate } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { Button } from '../../../components/button.tsx';
import { TextAreaField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import layout from '../../../components/order-layout.module.css';
import { useOrderReturns, useReplyToReturn, useReturnability } from '../after-sale-api.ts';
import { useLineName } from '../line-names.ts';
import styles from '../pages/orders.module.css';
import { ReturnForm } from './return-form.tsx';
import { ReturnPhotos } from './return-photos.tsx';

/**
 * A delivered order's returns (PRODUCT.md: within 7 days of delivery): "Return or Replace Items" while
 * the server says a return may be asked for, else why not; and the returns asked for, where they are.
 */
export function ReturnsSection({ order }: { order: Order }) {
  const t = useT();
  const delivered = order.isDelivered && !order.isCancelled;
  const returnability = useReturnability(order._id, delivered);
  const returns = useOrderReturns(order._id, delivered);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const named = useLineName(order);
  const errorText = useErrorText();
  if (!delivered) return null;
  return (
    <section className={`card ${layout.block}`} aria-labelledby="returns-heading">
      <h2 id="returns-heading">{t('orders.returns')}</h2>
      {sent && <Message variant="success">{t('orders.returnSent')}</Message>}
      {returnability.isPending ? (
        <Spinner />
      ) : returnability.isError ? (
        <Message variant="danger">{errorText(returnability.error)}</Message>
      ) : open ? (
        <ReturnForm
          orderId={order._id}
          returnability={{ ...returnability.data, lines: returnability.data.lines.map(named) }}
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            setSent(true);
          }}
        />
      ) : (
        <ReturnStart
          order={order}
          returnability={returnability.data}
          onStart={() => {
            setSent(false);
            setOpen(true);
          }}
        />
      )}
      {returns.data && returns.data.length > 0 && (
        <ul className={styles.afterSaleList} aria-label={t('orders.yourReturns')}>
          {returns.data.map((ret) => (
            <ReturnCard key={ret._id} ret={{ ...ret, lines: ret.lines.map(named) }} />
          ))}
        </ul>
      )}
      {returns.isError && <Message variant="danger">{errorText(returns.error)}</Message>}
    </section>
  );
}

/**
 * Why no return may be asked for, in the page's language: the server's reasons (returns/service.ts
 * refusalOf, checked in that order) worked out again from the order and the lines. A delivered order with
 * units still returnable is refused only because its window closed; with none left, the clock tells.
 */
export function refusalText(
  order: Order,
  { refusal, returnBy, lines }: Returnability,
  t: Translate,
  date: (iso: string) => string,
): string | null {
  if (refusal === null) return null;
  if (order.isCancelled) return t('orders.returnRefusedCancelled');
  if (!order.isDelivered || !returnBy) return t('orders.returnRefusedNotDelivered');
  const closed = t('orders.returnRefusedClosed', { date: date(returnBy) });
  if (lines.some((l) => l.returnableQty > 0) || Date.now() > Date.parse(returnBy)) return closed;
  return lines.every((l) => l.reason === RETURN_LINE_REASONS.notReturnable)
    ? t('orders.returnRefusedMadeToOrder')
    : t('orders.returnRefusedAllReturned');
}

/** The button that opens the form and the last day for it, or the server's reason why not. */
function ReturnStart({
  order,
  returnability,
  onStart,
}: {
  order: Order;
  returnability: Returnability;
  onStart: () => void;
}) {
  const t = useT();
  const dates = useDates();
  const refusal = refusalText(order, returnability, t, dates.date);
  if (refusal !== null) return <p className={styles.refusal}>{refusal}</p>;
  return (
    <div className={styles.returnStart}>
      <Button variant="outline" onClick={onStart}>
        {t('orders.returnOrReplace')}
      </Button>
      {returnability.returnBy && (
        <p className={styles.note}>{t('orders.returnsOpenUntil', { date: dates.date(returnability.returnBy) })}</p>
      )}
    </div>
  );
}

/** One return: its state, lines, the owner's note, the pickup, and the reply box when more is asked. */
function ReturnCard({ ret }: { ret: OrderReturn }) {
  const t = useT();
  const dates = useDates();
  const needsYou = ret.status === 'rejected' || ret.status === 'more_info';
  return (
    <li className={styles.afterSaleItem} data-testid="return">
      <p className={styles.afterSaleHead}>
        <strong>{t(`orders.returnKind.${ret.resolution}`)}</strong>
        <span className={needsYou ? `${styles.badge} ${styles.badgeBad}` : styles.badge}>
          {t(`orders.returnStatus.${ret.status}`)}
        </span>
      </p>
      <p className={styles.afterSaleMeta}>
        {t('orders.askedOn', { date: dates.date(ret.createdAt) })} ·{' '}
        {ret.lines.map((l) => `${l.name} × ${l.qty}`).join(', ')}
      </p>
      <p className={styles.afterSaleMeta}>
        <strong>{t('orders.yourReason')}</strong>
        {ret.reason}
      </p>
      <ReturnEvidence ret={ret} />
      {ret.ownerNote && (
        <p className={styles.ownerNote}>
          <strong>{t('orders.fromShop')}</strong>
          {ret.ownerNote}
        </p>
      )}
      {ret.customerNote && (
        <p className={styles.afterSaleMeta}>
          <strong>{t('orders.yourReply')}</strong>
          {ret.customerNote}
        </p>
      )}
      {ret.pickup && (ret.pickup.courier || ret.pickup.trackingNumber) && (
        <p className={styles.afterSaleMeta}>
          <strong>{t('orders.pickup')}</strong>
          {ret.pickup.courier ?? t('orders.pickupCourier')}
          {ret.pickup.trackingNumber && (
            <>
              , AWB <span className={styles.mono}>{ret.pickup.trackingNumber}</span>
            </>
          )}
          .{ret.status === 'approved' && t('orders.pickupNote')}
        </p>
      )}
      {ret.replacement && (
        <p className={styles.afterSaleMeta}>
          <strong>{t('orders.replacementSent')}</strong>
          {ret.replacement.courier}, AWB <span className={styles.mono}>{ret.replacement.trackingNumber}</span>
        </p>
      )}
      {ret.status === 'more_info' && <ReplyBox ret={ret} />}
    </li>
  );
}

/** The photos and the video link the customer sent, small: each opens full size. */
function ReturnEvidence({ ret }: { ret: OrderReturn }) {
  const t = useT();
  if (ret.photos.length === 0 && !ret.videoUrl) return null;
  return (
    <div className={styles.evidence}>
      {ret.photos.map((photo, n) => (
        <a key={photo} href={photo} target="_blank" rel="noopener noreferrer">
          <img src={photo} alt={t('orders.yourPhoto', { n: n + 1 })} width={56} height={56} loading="lazy" />
        </a>
      ))}
      {ret.videoUrl && (
        <a href={ret.videoUrl} target="_blank" rel="noopener noreferrer nofollow">
          {t('orders.yourVideo')}
          <span className="visually-hidden">{t('orders.opensAnotherSite')}</span>
        </a>
      )}
    </div>
  );
}

/** The customer answers the owner's question (`more_info`) with words and, if asked, more photos. */
function ReplyBox({ ret }: { ret: OrderReturn }) {
  const t = useT();
  const reply = useReplyToReturn(ret.order, ret._id);
  const errorText = useErrorText();
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(note.trim() === '');
    if (note.trim() !== '') reply.mutate({ note: note.trim(), photos });
  };
  return (
    <form className={styles.replyForm} onSubmit={submit} noValidate aria-label={t('orders.replyToShop')}>
      {reply.isError && <Message variant="danger">{errorText(reply.error)}</Message>}
      <TextAreaField
        label={t('orders.replyLabel')}
        rows={3}
        maxLength={OWNER_NOTE_MAX}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={missing ? t('orders.replyMissing') : null}
      />
      <ReturnPhotos photos={photos} setPhotos={setPhotos} disabled={reply.isPending} />
      <Button type="submit" busy={reply.isPending} busyLabel={t('orders.sending')}>
        {t('orders.sendReply')}
      </Button>
    </form>
  );
}
