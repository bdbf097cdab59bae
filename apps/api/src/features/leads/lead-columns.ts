import { leads, offerMessages, properties } from '@estately/db';
import type { Lead } from '@estately/domain';
import { sql } from 'drizzle-orm';

/** Columns of a lead with its property and message count; select from leads joined to properties. */
export const leadColumns = {
  id: leads.id,
  source: leads.source,
  status: leads.status,
  message: leads.message,
  createdAt: leads.createdAt,
  senderUserId: leads.senderUserId,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  propertyId: properties.id,
  offerType: properties.offerType,
  propertyType: properties.propertyType,
  street: properties.street,
  city: properties.city,
  state: properties.state,
  // Qualified by hand: the outer `leads` row, whatever drizzle prints for its columns.
  messagesCount: sql<number>`(select count(*)::int from ${offerMessages} m where m.lead_id = leads.id)`,
};

type LeadRow = {
  [K in keyof typeof leadColumns]: K extends 'messagesCount' ? number : unknown;
};

export function toLead(row: LeadRow): Lead {
  const r = row as unknown as {
    id: number;
    source: Lead['source'];
    status: Lead['status'];
    message: string | null;
    createdAt: Date;
    senderUserId: number | null;
    name: string | null;
    email: string;
    phone: string | null;
    propertyId: number;
    offerType: Lead['offer']['offer_type'];
    propertyType: Lead['offer']['property_type'];
    street: string | null;
    city: string | null;
    state: string;
    messagesCount: number;
  };
  return {
    id: r.id,
    source: r.source,
    status: r.status,
    read: r.status !== 'new',
    message: r.message,
    messages_count: Number(r.messagesCount),
    created_at: r.createdAt.toISOString(),
    offer: {
      id: r.propertyId,
      offer_type: r.offerType,
      property_type: r.propertyType,
      street: r.street,
      city: r.city,
      state: r.state,
    },
    sender: { user_id: r.senderUserId, name: r.name, email: r.email, phone: r.phone },
  };
}
