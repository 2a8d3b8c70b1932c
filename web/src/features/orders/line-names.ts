import type { Order } from '@rr/core';
import { useLanguage } from '../../i18n/index.tsx';

type NamedLine = { product: string | null; name: string };

/**
 * Issue 30: what a line of the order (a return's, a refund's, a returnable one) is called on the page: on
 * Hindi pages the Hindi name its product was bought with (the order's lines keep it), else the English one.
 */
export function useLineName(order: Pick<Order, 'orderItems'>): <L extends NamedLine>(line: L) => L {
  const language = useLanguage();
  return (line) => {
    if (language !== 'hi' || line.product === null) return line;
    const nameHi = order.orderItems.find((item) => item.product === line.product && item.nameHi)?.nameHi;
    return nameHi ? { ...line, name: nameHi } : line;
  };
}
