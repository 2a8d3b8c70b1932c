import { Link } from 'react-router';
import { Message } from './message.tsx';
import { Paginate } from './paginate.tsx';

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
  return (
    <>
      <Message>
        There is no page {page} here: {pages <= 1 ? 'this list has one page' : `this list has ${pages} pages`}.{' '}
        <Link to={hrefFor(1)}>Go to the first page</Link>
      </Message>
      <Paginate page={page} pages={pages} hrefFor={hrefFor} />
    </>
  );
}
