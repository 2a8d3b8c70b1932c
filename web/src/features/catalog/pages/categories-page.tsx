import { useT } from '../../../i18n/index.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { Collections } from '../components/collections.tsx';

export function CategoriesPage() {
  const t = useT();
  usePageTitle(t('catalog.categoriesTitle'), t('catalog.categoriesDescription'));
  return (
    <div className="container page">
      <h1>{t('catalog.categories')}</h1>
      <Collections />
    </div>
  );
}
