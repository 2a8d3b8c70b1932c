// The storefront's texts for the layout, catalog, cart and static pages (issue 30).
export const shop = {} as const;
