import { relations } from 'drizzle-orm';
import { favourites, leads, offerMessages } from './engagement.ts';
import { locationNames, locations } from './locations.ts';
import { offers } from './offers.ts';
import {
  priceHistory,
  properties,
  propertyMedia,
  propertyTourDates,
  propertyTranslations,
} from './properties.ts';
import { sellerContacts, sellers } from './sellers.ts';
import { users } from './users.ts';

// Relations for drizzle's relational queries (db.query.properties.findFirst({ with: ... })).

export const usersRelations = relations(users, ({ one, many }) => ({
  seller: one(sellers, { fields: [users.sellerId], references: [sellers.id] }),
  properties: many(properties),
  favourites: many(favourites),
}));

export const sellersRelations = relations(sellers, ({ many }) => ({
  contacts: many(sellerContacts),
  properties: many(properties),
}));

export const sellerContactsRelations = relations(sellerContacts, ({ one }) => ({
  seller: one(sellers, { fields: [sellerContacts.sellerId], references: [sellers.id] }),
}));

export const propertiesRelations = relations(properties, ({ one, many }) => ({
  owner: one(users, { fields: [properties.ownerId], references: [users.id] }),
  seller: one(sellers, { fields: [properties.sellerId], references: [sellers.id] }),
  contact: one(sellerContacts, { fields: [properties.contactId], references: [sellerContacts.id] }),
  location: one(locations, { fields: [properties.locationId], references: [locations.id] }),
  offer: one(offers, { fields: [properties.id], references: [offers.id] }),
  media: many(propertyMedia),
  tourDates: many(propertyTourDates),
  priceHistory: many(priceHistory),
  translations: many(propertyTranslations),
}));

export const offersRelations = relations(offers, ({ one, many }) => ({
  property: one(properties, { fields: [offers.id], references: [properties.id] }),
  seller: one(sellers, { fields: [offers.sellerId], references: [sellers.id] }),
  location: one(locations, { fields: [offers.locationId], references: [locations.id] }),
  media: many(propertyMedia),
}));

export const propertyMediaRelations = relations(propertyMedia, ({ one }) => ({
  property: one(properties, { fields: [propertyMedia.propertyId], references: [properties.id] }),
  offer: one(offers, { fields: [propertyMedia.propertyId], references: [offers.id] }),
}));

export const propertyTourDatesRelations = relations(propertyTourDates, ({ one }) => ({
  property: one(properties, { fields: [propertyTourDates.propertyId], references: [properties.id] }),
}));

export const priceHistoryRelations = relations(priceHistory, ({ one }) => ({
  property: one(properties, { fields: [priceHistory.propertyId], references: [properties.id] }),
}));

export const propertyTranslationsRelations = relations(propertyTranslations, ({ one }) => ({
  property: one(properties, { fields: [propertyTranslations.propertyId], references: [properties.id] }),
}));

export const locationsRelations = relations(locations, ({ one, many }) => ({
  parent: one(locations, {
    fields: [locations.parentId],
    references: [locations.id],
    relationName: 'parent',
  }),
  children: many(locations, { relationName: 'parent' }),
  names: many(locationNames),
}));

export const locationNamesRelations = relations(locationNames, ({ one }) => ({
  location: one(locations, { fields: [locationNames.locationId], references: [locations.id] }),
}));

export const favouritesRelations = relations(favourites, ({ one }) => ({
  user: one(users, { fields: [favourites.userId], references: [users.id] }),
  property: one(properties, { fields: [favourites.offerId], references: [properties.id] }),
  offer: one(offers, { fields: [favourites.offerId], references: [offers.id] }),
}));

export const leadsRelations = relations(leads, ({ one, many }) => ({
  property: one(properties, { fields: [leads.propertyId], references: [properties.id] }),
  messages: many(offerMessages),
}));

export const offerMessagesRelations = relations(offerMessages, ({ one }) => ({
  lead: one(leads, { fields: [offerMessages.leadId], references: [leads.id] }),
}));
