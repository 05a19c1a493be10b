-- Issue 14: public texts in English beside the Spanish ones, and images' alternative texts
-- (decision 041). Blank where not written: the English landing page then shows the Spanish text.
alter table banners
  add column title_en text not null default '',
  add column text_en text not null default '',
  add column text_two_en text not null default '';

alter table banner_images
  add column alt text not null default '',
  add column alt_en text not null default '';

alter table call_actions
  add column title_en text not null default '',
  add column text_en text not null default '',
  add column button_label_en text not null default '';

alter table itineraries
  add column image_alt text not null default '',
  add column name_en text not null default '',
  add column days_en text not null default '',
  add column description_en text not null default '',
  add column image_alt_en text not null default '';
