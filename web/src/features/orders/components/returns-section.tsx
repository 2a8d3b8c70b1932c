import {
  OWNER_NOTE_MAX,
  RETURN_STATUS_LABELS,
  formatDateIST,
  type Order,
  type OrderReturn,
  type Returnability,
} from '@rr/core';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { TextAreaField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import layout from '../../../components/order-layout.module.css';
import { useOrderReturns, useReplyToReturn, useReturnability } from '../after-sale-api.ts';
import styles from '../pages/orders.module.css';
import { ReturnForm } from './return-form.tsx';
import { ReturnPhotos } from './return-photos.tsx';

/**
 * A delivered order's returns (PRODUCT.md: within 7 days of delivery): "Return or Replace Items" while
 * the server says a return may be asked for, else why not; and the returns asked for, where they are.
 */
export function ReturnsSection({ order }: { order: Order }) {
  const delivered = order.isDelivered && !order.isCancelled;
  const returnability = useReturnability(order._id, delivered);
  const returns = useOrderReturns(order._id, delivered);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (!delivered) return null;
  return (
    <section className={`card ${layout.block}`} aria-labelledby="returns-heading">
      <h2 id="returns-heading">Returns</h2>
      {sent && <Message variant="success">Your return request is sent. The shop&apos;s answer will show here.</Message>}
      {returnability.isPending ? (
        <Spinner />
      ) : returnability.isError ? (
        <Message variant="danger">{returnability.error.message}</Message>
      ) : open ? (
        <ReturnForm
          orderId={order._id}
          returnability={returnability.data}
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            setSent(true);
          }}
        />
      ) : (
        <ReturnStart
          returnability={returnability.data}
          onStart={() => {
            setSent(false);
            setOpen(true);
          }}
        />
      )}
      {returns.data && returns.data.length > 0 && (
        <ul className={styles.afterSaleList} aria-label="Your returns">
          {returns.data.map((ret) => (
            <ReturnCard key={ret._id} ret={ret} />
          ))}
        </ul>
      )}
      {returns.isError && <Message variant="danger">{returns.error.message}</Message>}
    </section>
  );
}

/** The button that opens the form and the last day for it, or the server's reason why not. */
function ReturnStart({ returnability, onStart }: { returnability: Returnability; onStart: () => void }) {
  if (returnability.refusal !== null) return <p className={styles.refusal}>{returnability.refusal}</p>;
  return (
    <div className={styles.returnStart}>
      <Button variant="outline" onClick={onStart}>
        Return or Replace Items
      </Button>
      {returnability.returnBy && (
        <p className={styles.note}>Returns are open until {formatDateIST(returnability.returnBy)}.</p>
      )}
    </div>
  );
}

/** One return: its state, lines, the owner's note, the pickup, and the reply box when more is asked. */
function ReturnCard({ ret }: { ret: OrderReturn }) {
  const needsYou = ret.status === 'rejected' || ret.status === 'more_info';
  return (
    <li className={styles.afterSaleItem} data-testid="return">
      <p className={styles.afterSaleHead}>
        <strong>{ret.resolution === 'replacement' ? 'Replacement' : 'Return'}</strong>
        <span className={needsYou ? `${styles.badge} ${styles.badgeBad}` : styles.badge}>
          {RETURN_STATUS_LABELS[ret.status]}
        </span>
      </p>
      <p className={styles.afterSaleMeta}>
        Asked on {formatDateIST(ret.createdAt)} · {ret.lines.map((l) => `${l.name} × ${l.qty}`).join(', ')}
      </p>
      <p className={styles.afterSaleMeta}>
        <strong>Your reason: </strong>
        {ret.reason}
      </p>
      <ReturnEvidence ret={ret} />
      {ret.ownerNote && (
        <p className={styles.ownerNote}>
          <strong>From the shop: </strong>
          {ret.ownerNote}
        </p>
      )}
      {ret.customerNote && (
        <p className={styles.afterSaleMeta}>
          <strong>Your reply: </strong>
          {ret.customerNote}
        </p>
      )}
      {ret.pickup && (ret.pickup.courier || ret.pickup.trackingNumber) && (
        <p className={styles.afterSaleMeta}>
          <strong>Pickup: </strong>
          {ret.pickup.courier ?? 'Courier'}
          {ret.pickup.trackingNumber && (
            <>
              , AWB <span className={styles.mono}>{ret.pickup.trackingNumber}</span>
            </>
          )}
          .{ret.status === 'approved' && ' Keep the item packed; the courier collects it from your address.'}
        </p>
      )}
      {ret.replacement && (
        <p className={styles.afterSaleMeta}>
          <strong>Replacement: </strong>
          {ret.replacement.courier}, AWB <span className={styles.mono}>{ret.replacement.trackingNumber}</span>
        </p>
      )}
      {ret.status === 'more_info' && <ReplyBox ret={ret} />}
    </li>
  );
}

/** The photos and the video link the customer sent, small: each opens full size. */
function ReturnEvidence({ ret }: { ret: OrderReturn }) {
  if (ret.photos.length === 0 && !ret.videoUrl) return null;
  return (
    <div className={styles.evidence}>
      {ret.photos.map((photo, n) => (
        <a key={photo} href={photo} target="_blank" rel="noopener noreferrer">
          <img src={photo} alt={`Your photo ${n + 1}`} width={56} height={56} loading="lazy" />
        </a>
      ))}
      {ret.videoUrl && (
        <a href={ret.videoUrl} target="_blank" rel="noopener noreferrer nofollow">
          Your unboxing video<span className="visually-hidden"> (opens another site)</span>
        </a>
      )}
    </div>
  );
}

/** The customer answers the owner's question (`more_info`) with words and, if asked, more photos. */
function ReplyBox({ ret }: { ret: OrderReturn }) {
  const reply = useReplyToReturn(ret.order, ret._id);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(note.trim() === '');
    if (note.trim() !== '') reply.mutate({ note: note.trim(), photos });
  };
  return (
    <form className={styles.replyForm} onSubmit={submit} noValidate aria-label="Reply to the shop">
      {reply.isError && <Message variant="danger">{reply.error.message}</Message>}
      <TextAreaField
        label="Your reply"
        rows={3}
        maxLength={OWNER_NOTE_MAX}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={missing ? 'Please write your reply' : null}
      />
      <ReturnPhotos photos={photos} setPhotos={setPhotos} disabled={reply.isPending} />
      <Button type="submit" busy={reply.isPending} busyLabel="Sending…">
        Send Reply
      </Button>
    </form>
  );
}
