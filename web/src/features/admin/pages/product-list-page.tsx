import { categoryLabel, formatRupees, type ProductSummary } from '@rr/core';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { Button } from '../../../components/button.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { Message } from '../../../components/message.tsx';
import { Paginate } from '../../../components/paginate.tsx';
import { RecordId } from '../../../components/record-id.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { parsePageNumber, useCreateProduct, useDeleteProduct, useProducts } from '../../catalog/index.ts';
import styles from './admin.module.css';

const hrefFor = (n: number) => (n === 1 ? '/admin/productlist' : `/admin/productlist/${n}`);

/** /admin/productlist(/:pageNumber): the catalog, 12 a page, with create, edit and delete. */
export function ProductListPage() {
  const { pageNumber } = useParams();
  const page = parsePageNumber(pageNumber);
  if (page === null) return <NotFoundPage />;
  return <ProductListView page={page} />;
}

function ProductListView({ page }: { page: number }) {
  usePageTitle('Products | Rudraksha Ratna');
  const navigate = useNavigate();
  const products = useProducts({ pageNumber: page, drafts: 'include' });
  const create = useCreateProduct();
  const remove = useDeleteProduct();

  // Deleting the last product of the last page leaves nothing here: show the page before.
  if (products.data && page > 1 && page > products.data.pages)
    return <Navigate to={hrefFor(products.data.pages)} replace />;

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
      {products.isPending ? (
        <Spinner />
      ) : products.isError ? (
        <Message variant="danger">{products.error.message}</Message>
      ) : products.data.products.length === 0 ? (
        <Message>No products yet.</Message>
      ) : (
        <>
          <ProductTable
            products={products.data.products}
            deletingId={remove.isPending ? remove.variables : undefined}
            onDelete={(product) => {
              if (window.confirm('Are you sure')) remove.mutate(product._id);
            }}
          />
          <Paginate page={products.data.page} pages={products.data.pages} hrefFor={hrefFor} />
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
          <th scope="col">PRICE</th>
          <th scope="col">CATEGORY</th>
          <th scope="col">BRAND</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => (
          <tr key={product._id}>
            <td>
              <RecordId id={product._id} />
            </td>
            <td className={styles.productName}>
              <Link to={product.isDraft ? `/admin/product/${product._id}/edit` : `/product/${product._id}`}>
                {product.name}
              </Link>
              {product.isDraft && <span className={styles.draft}>Draft: not in the shop until published</span>}
            </td>
            {/* Issue 25: variants priced apart show their lowest price, as the shop's cards do. */}
            <td className={styles.amount}>
              {product.priceFrom === null ? formatRupees(product.price) : `from ${formatRupees(product.priceFrom)}`}
            </td>
            <td>{categoryLabel(product.category)}</td>
            <td>{product.brand}</td>
            <td>
              <div className={styles.actions}>
                <Link
                  to={`/admin/product/${product._id}/edit`}
                  className="btn btn-outline"
                  aria-label={`Edit ${product.name}`}
                >
                  Edit
                </Link>
                <Button
                  className={styles.delete}
                  aria-label={`Delete ${product.name}`}
                  busy={deletingId === product._id}
                  onClick={() => onDelete(product)}
                >
                  Delete
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
