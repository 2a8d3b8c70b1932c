/** The short order number people quote ('5D55A62B'): the start of the order id, upper-cased. */
export function orderNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
