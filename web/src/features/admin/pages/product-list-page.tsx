import { ListSearch } from '../../../components/list-search.tsx';
import { categoryLabel, formatDecimal, formatRupees, MAX_KEYWORD_LENGTH, type ProductSummary } from '@rr/core';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { Button } from '../../../components/button.tsx';
import { Cell, DataTable } from '../../../components/data-table.tsx';
import { Message } from '../../../components/message.tsx';
import { Paginate } from '../../../components/paginate.tsx';
import { RecordId } from '../../../components/record-id.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { parsePageNumber, useCreateProduct, useDeleteProduct, useProducts } from '../../catalog/index.ts';
import styles from './admin.module.css';

/** A page of the list, for the words searched (kept in the address as `keyword`, as the API takes it). */
function hrefFor(n: number, keyword: string): string {
  const path = n === 1 ? '/admin/productlist' : `/admin/productlist/${n}`;
  return keyword ? `${path}?${new URLSearchParams({ keyword })}` : path;
}

/**
 * /admin/productlist(/:pageNumber): the catalog, 12 a page, drafts too, with create, edit and delete, and
 * (issue 32) a search by the shop's own (GET /api/products?keyword=), each product's stock and state.
 */
export function ProductListPage() {
  const { pageNumber } = useParams();
  const [searchParams] = useSearchParams();
  const page = parsePageNumber(pageNumber);
  if (page === null) return <NotFoundPage />;
  const keyword = (searchParams.get('keyword') ?? '').trim().slice(0, MAX_KEYWORD_LENGTH);
  return <ProductListView page={page} keyword={keyword} />;
}

function ProductListView({ page, keyword }: { page: number; keyword: string }) {
  usePageTitle('Products | Rudraksha Ratna');
  const navigate = useNavigate();
  const products = useProducts({ pageNumber: page, drafts: 'include', ...(keyword && { keyword }) });
  const create = useCreateProduct();
  const remove = useDeleteProduct();

  // Deleting the last product of the last page leaves nothing here: show the page before.
  if (products.data && page > 1 && page > products.data.pages)
    return <Navigate to={hrefFor(products.data.pages, keyword)} replace />;

  return (
    <div className="container page">
      <div className={styles.titleRow}>
        <h1 id="products-heading">Products</h1>
        <Button
          busy={create.isPending}
          onClick={() =>
            create.mutate(undefined, { onSuccess: (created) => navigate(`/admin/product/${created._id}/edit`) })
          }
        >
          <span aria-hidden="true">+</span> Create Product
        </Button>
      </div>
      {create.isError && <Message variant="danger">{create.error.message}</Message>}
      {remove.isError && <Message variant="danger">{remove.error.message}</Message>}
      {remove.isSuccess && <Message variant="success">{remove.data.message}</Message>}
      <ProductSearch key={keyword} keyword={keyword} />
      {products.isPending ? (
        <Spinner />
      ) : products.isError ? (
        <Message variant="danger">{products.error.message}</Message>
      ) : products.data.products.length === 0 ? (
        keyword ? (
          <Message>
            No product matches “{keyword}”. <Link to="/admin/productlist">Show every product</Link>
          </Message>
        ) : (
          <Message>No products yet.</Message>
        )
      ) : (
        <>
          <ProductTable
            products={products.data.products}
            deletingId={remove.isPending ? remove.variables : undefined}
            onDelete={(product) => {
              if (window.confirm('Are you sure')) remove.mutate(product._id);
            }}
          />
          <Paginate page={products.data.page} pages={products.data.pages} hrefFor={(n) => hrefFor(n, keyword)} />
        </>
      )}
    </div>
  );
}

function ProductTable({
  products,
  deletingId,
  onDelete,
}: {
  products: ProductSummary[];
  deletingId: string | undefined;
  onDelete: (product: ProductSummary) => void;
}) {
  return (
    <DataTable labelledBy="products-heading">
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">NAME</th>
          <th scope="col">STATE</th>
          <th scope="col">PRICE</th>
          <th scope="col">STOCK</th>
          <th scope="col">CATEGORY</th>
          <th scope="col">BRAND</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => (
          <ProductRow
            key={product._id}
            product={product}
            deleting={deletingId === product._id}
            onDelete={() => onDelete(product)}
          />
        ))}
      </tbody>
    </DataTable>
  );
}

/** A product: on a phone, a card with its name, Edit and Delete, then its state and stock (issue 32). */
function ProductRow({
  product,
  deleting,
  onDelete,
}: {
  product: ProductSummary;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <tr>
      <Cell label="ID" role="reference">
        <RecordId id={product._id} />
      </Cell>
      <Cell label="NAME" role="title" className={styles.productName}>
        <Link to={product.isDraft ? `/admin/product/${product._id}/edit` : `/product/${product._id}`}>
          {product.name}
        </Link>
      </Cell>
      <Cell label="STATE" role="state">
        {product.isDraft ? (
          <span className={styles.draft}>
            Draft <span className={styles.stateNote}>not in the shop until published</span>
          </span>
        ) : (
          <span className={styles.published}>Published</span>
        )}
      </Cell>
      {/* Issue 25: variants priced apart show their lowest price, as the shop's cards do. */}
      <Cell label="PRICE" className={styles.amount}>
        {product.priceFrom === null ? formatRupees(product.price) : `from ${formatRupees(product.priceFrom)}`}
      </Cell>
      <Cell label="STOCK" role="state" className={styles.amount}>
        {product.countInStock > 0 ? (
          formatDecimal(product.countInStock)
        ) : (
          <span className={styles.outOfStock}>
            0 <span className={styles.stateNote}>out of stock</span>
          </span>
        )}
      </Cell>
      <Cell label="CATEGORY">{categoryLabel(product.category)}</Cell>
      <Cell label="BRAND" className={styles.wraps}>
        {product.brand}
      </Cell>
      <Cell role="actions">
        <div className={styles.actions}>
          <Link
            to={`/admin/product/${product._id}/edit`}
            className="btn btn-outline"
            aria-label={`Edit ${product.name}`}
          >
            Edit
          </Link>
          <Button className={styles.delete} aria-label={`Delete ${product.name}`} busy={deleting} onClick={onDelete}>
            Delete
          </Button>
        </div>
      </Cell>
    </tr>
  );
}

/**
 * The search: the shop's own (names, synonyms, Hindi names; drafts too), by GET /api/products?keyword=,
 * kept in the address so that a page of results can be linked and paged.
 */
function ProductSearch({ keyword }: { keyword: string }) {
  const navigate = useNavigate();
  return (
    <ListSearch
      regionLabel="Products"
      label="Find a product"
      id="product-search"
      name="keyword"
      defaultValue={keyword}
      maxLength={MAX_KEYWORD_LENGTH}
      placeholder="Name or words in it"
      button="Find Product"
      action="/admin/productlist"
      onSubmit={(typed) => void navigate(hrefFor(1, typed))}
    />
  );
}
