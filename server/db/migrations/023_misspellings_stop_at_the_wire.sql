-- The spec's misspelled names stop at the wire (decision 074): the contract keeps `avalability`,
-- `ofertPrice`, `isOfert`, `coments` and the `/courtesys` routes as SPEC.md spells them, and the
-- tables and columns use the right words. Stored events keep their old field names; the server
-- reads them through server/events/upcast.ts.
alter table itineraries rename column avalability to availability;
alter table itineraries rename column ofert_price to offer_price;
alter table itineraries rename constraint itineraries_ofert_price_check to itineraries_offer_price_check;
alter table itineraries rename column is_ofert to is_offer;
alter table lead_notes rename column coments to comments;
alter table courtesys rename to courtesies;
alter sequence courtesys_id_seq rename to courtesies_id_seq;
alter index courtesys_pkey rename to courtesies_pkey;
