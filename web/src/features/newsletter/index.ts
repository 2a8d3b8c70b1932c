// The newsletter feature's public face.
export { NewsletterForm } from './newsletter-form.tsx';
