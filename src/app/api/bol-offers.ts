/** The offer sync's settings calls (docs/bol.md, "Guard rails"; docs/api.md). */
import type { OfferSettings, OfferSettingsInput } from '../../shared/bol-offer-sync';
import { apiFetch } from './client';

export const getOfferSettings = () => apiFetch<OfferSettings>('/api/v1/bol/offers/settings');
export const putOfferSettings = (settings: OfferSettingsInput) => apiFetch<OfferSettings>('/api/v1/bol/offers/settings', { method: 'PUT', body: settings });
