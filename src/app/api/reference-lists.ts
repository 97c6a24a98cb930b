import type { Category, FamilyKey, Supplier } from '../../shared/contract';
import { apiFetch } from './client';

export const getSuppliers = () => apiFetch<Supplier[]>('/api/v1/supplier');
export const getCategories = () => apiFetch<Category[]>('/api/v1/categories');
export const getFamilyKeys = () => apiFetch<FamilyKey[]>('/api/v1/family');
