import { Link } from 'react-router';
import { Message } from './message.tsx';
import { Paginate } from './paginate.tsx';
import { useT } from '../i18n/index.tsx';

/**
 * A page number past the end of a listing (`/page/99`, `?page=99`): an empty page that says why and
 * leads back, to the first page and (when there are several) to every page there is.
 */
export function PastLastPage({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (n: number) => string;
}) {
  const t = useT();
  return (
    <>
      <Message>
        {t('layout.pastLastPage', { page, count: Math.max(pages, 1) })}{' '}
        <Link to={hrefFor(1)}>{t('layout.firstPage')}</Link>
      </Message>
      <Paginate page={page} pages={pages} hrefFor={hrefFor} />
    </>
  );
}
