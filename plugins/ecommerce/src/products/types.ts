import type { DurationParameter, PriceType, ProductStatus } from '../db/tables.js';

export interface Duration {
  value: number;
  parameter: DurationParameter;
}

/** A product as the API shows it (SPEC §3 Product). */
export interface ProductView {
  id: string;
  account_id: string;
  title: string;
  description: string;
  status: ProductStatus;
  metadata: {
    price: { type: PriceType; amount: number; duration: Duration | null };
    featured_image: string;
    cross: string[];
  };
  course_id: string | null;
  membership_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductInput {
  title: string;
  description?: string;
  status?: ProductStatus;
  price: { type: PriceType; amount: number; duration?: Duration | null };
  featured_image?: string;
  cross?: string[];
  course_id?: string | null;
  membership_id?: string | null;
}

export type ProductSort = 'created_at.desc' | 'created_at.asc' | 'title.asc' | 'title.desc' | 'amount.asc' | 'amount.desc';

export interface ProductListQuery {
  ids?: string[];
  search?: string;
  from: number;
  to?: number;
  sort: ProductSort;
  status: 'published' | 'all';
}
