// The storefront's texts for the static pages (issue 30).
export const content = {} as const;
