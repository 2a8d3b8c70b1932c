import { usePageTitle } from '../../../components/use-page-title.ts';
import { Collections } from '../components/collections.tsx';

export function CategoriesPage() {
  usePageTitle('Categories | Rudraksha Ratna', 'Browse rudraksha, gemstones and malas by collection.');
  return (
    <div className="container page">
      <h1>Categories</h1>
      <Collections />
    </div>
  );
}
