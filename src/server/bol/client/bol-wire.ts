/**
 * bol's Retailer API v10 shapes as they travel (only the fields we use or the simulator sends);
 * names exactly as in bol's OpenAPI documents (retailer.json, shared.json).
 */
export const BOL_JSON = 'application/vnd.retailer.v10+json';
export const BOL_CSV = 'application/vnd.retailer.v10+csv';

export type ProcessStatusValue = 'PENDING' | 'SUCCESS' | 'FAILURE' | 'TIMEOUT';

export interface BolProcessStatus {
  processStatusId: string;
  entityId?: string;
  eventType: string;
  description: string;
  status: ProcessStatusValue;
  errorMessage?: string;
  createTimestamp: string;
  links: { rel: string; href: string; method?: string }[];
}

export interface BolProblem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  host?: string;
  instance?: string;
  violations?: { name: string; reason: string }[];
}

export interface BolReducedOrderItem {
  orderItemId: string;
  ean: string;
  fulfilmentMethod: string;
  fulfilmentStatus: string;
  quantity: number;
  quantityShipped: number;
  quantityCancelled: number;
  cancellationRequest: boolean;
  latestChangedDateTime: string;
}

export interface BolReducedOrder {
  orderId: string;
  orderPlacedDateTime: string;
  orderItems: BolReducedOrderItem[];
}

/** GET /retailer/orders; `orders` is missing altogether when there are none (bol answers `{}`). */
export interface BolReducedOrders {
  orders?: BolReducedOrder[];
}

export interface BolAddress {
  salutation?: string;
  firstName: string;
  surname: string;
  streetName: string;
  houseNumber: string;
  houseNumberExtension?: string;
  zipCode: string;
  city: string;
  countryCode: string;
  email?: string;
  company?: string;
  /** Shipment only: the customer's language (`nl`, `nl-BE`, `fr`, `fr-BE`); not in BillingDetails. */
  language?: string;
  /** Shipment only, for a pick-up point order. */
  pickupPointName?: string;
  /** Shipment only, when delivery needs an appointment. */
  deliveryPhoneNumber?: string;
  extraAddressInformation?: string;
  /** Billing only (companies). */
  vatNumber?: string;
  kvkNumber?: string;
  orderReference?: string;
}

export interface BolOrderItemDetail {
  orderItemId: string;
  cancellationRequest: boolean;
  fulfilment: { method: string; distributionParty?: string; latestDeliveryDate?: string; exactDeliveryDate?: string; expiryDate?: string; timeFrameType: string };
  offer?: { offerId: string; reference?: string };
  product: { ean: string; title: string };
  quantity: number;
  quantityShipped: number;
  quantityCancelled: number;
  unitPrice: number;
  totalPrice: number;
  discounts: { title: string; amount: number }[];
  commission: number;
  latestChangedDateTime: string;
}

export interface BolOrderDetail {
  orderId: string;
  pickupPoint: boolean;
  orderPlacedDateTime: string;
  shipmentDetails: BolAddress;
  billingDetails?: BolAddress;
  orderItems: BolOrderItemDetail[];
}

export interface BolContentAttribute {
  id: string;
  values: { value: string; unitId?: string }[];
}

export interface BolCreateProductContent {
  language: 'nl' | 'nl-BE' | 'fr' | 'fr-BE';
  attributes: BolContentAttribute[];
  assets?: { url: string; labels: string[] }[];
}

export interface BolUploadReportResponse {
  uploadId: string;
  language: string;
  status: 'IN_PROGRESS' | 'COMPLETED';
  attributes: {
    id: string;
    values: { value: string; unitId?: string }[];
    status: 'IN_PROGRESS' | 'DECLINED' | 'PUBLISHED';
    subStatus?: string;
    subStatusDescription?: string;
  }[];
  assets: { url: string; labels: string[]; status: 'IN_PROGRESS' | 'DECLINED' | 'PUBLISHED'; subStatus?: string; subStatusDescription?: string }[];
}

export interface BolChunkRecommendations {
  recommendations: { predictions: { chunkId: string; probability: number }[] }[];
}

export interface BolCatalogProduct {
  published: boolean;
  gpc: { chunkId: string };
  enrichment?: { status: number };
  attributes: { id: string; values: { value: string; unitId?: string; valueId?: string }[] }[];
  parties: { name: string; type: string; role: string }[];
}

export interface BolTokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

// ---- Offers (retailer.json: CreateOfferRequest, UpdateOfferRequest, UpdateOfferPriceRequest, UpdateOfferStockRequest, RetailerOffer) ----

/** Fulfilment.deliveryCode: bol's delivery promises (only used with FBR). */
export const BOL_DELIVERY_CODES = [
  '24uurs-23', '24uurs-22', '24uurs-21', '24uurs-20', '24uurs-19', '24uurs-18', '24uurs-17', '24uurs-16', '24uurs-15', '24uurs-14', '24uurs-13', '24uurs-12',
  '1-2d', '2-3d', '3-5d', '4-8d', '1-8d', 'MijnLeverbelofte', 'VVB',
] as const;
export const BOL_CONDITION_NAMES = ['NEW', 'AS_NEW', 'GOOD', 'REASONABLE', 'MODERATE'] as const;

export interface BolBundlePrice {
  quantity: number;
  unitPrice: number;
}

export interface BolOfferCondition {
  name: (typeof BOL_CONDITION_NAMES)[number];
  category?: 'NEW' | 'SECONDHAND';
  comment?: string;
}

export interface BolOfferFulfilment {
  method: 'FBR' | 'FBB';
  deliveryCode?: string;
}

export interface BolCreateOfferRequest {
  ean: string;
  economicOperatorId?: string;
  condition: BolOfferCondition;
  reference?: string;
  onHoldByRetailer?: boolean;
  unknownProductTitle?: string;
  pricing: { bundlePrices: BolBundlePrice[] };
  stock: { amount: number; managedByRetailer: boolean };
  fulfilment: BolOfferFulfilment;
}

export interface BolUpdateOfferRequest {
  economicOperatorId?: string;
  reference?: string;
  onHoldByRetailer?: boolean;
  unknownProductTitle?: string;
  fulfilment: BolOfferFulfilment;
}

export interface BolUpdateOfferPriceRequest {
  pricing: { bundlePrices: BolBundlePrice[] };
}

export interface BolUpdateOfferStockRequest {
  amount: number;
  managedByRetailer: boolean;
}

export interface BolNotPublishableReason {
  code: string;
  description: string;
}

/** GET /retailer/offers/{offer-id}. */
export interface BolRetailerOffer {
  offerId: string;
  ean: string;
  reference?: string;
  onHoldByRetailer: boolean;
  economicOperatorId?: string;
  unknownProductTitle?: string;
  pricing: { bundlePrices: BolBundlePrice[] };
  stock: { amount?: number; correctedStock?: number; managedByRetailer: boolean };
  fulfilment: BolOfferFulfilment;
  store: { productTitle?: string; visible: { countryCode: string }[] };
  condition: BolOfferCondition;
  notPublishableReasons: BolNotPublishableReason[];
}
