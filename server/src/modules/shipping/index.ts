export { Deliveries, deliveryAnswer, type DeliveryFacts } from './delivery.ts';
export { readShipping, shippingSettingsAnswer, updateShippingSettings, type ShopShipping } from './settings.ts';
export { shippingAdminRoutes } from './admin-routes.ts';
