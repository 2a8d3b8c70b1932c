// The storefront's texts for sign-in, the profile, checkout and orders (issue 30).
export const account = {} as const;
