import type { Brand, Category, FamilyKey, Supplier } from '../../shared/contract';
import { apiFetch } from './client';

export const getSuppliers = () => apiFetch<Supplier[]>('/api/v1/supplier');
export const getCategories = () => apiFetch<Category[]>('/api/v1/categories');
export const getBrands = () => apiFetch<Brand[]>('/api/v1/brands');
export const getFamilyKeys = () => apiFetch<FamilyKey[]>('/api/v1/family');
