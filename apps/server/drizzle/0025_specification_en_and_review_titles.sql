ALTER TABLE "operations" ADD COLUMN "specification_en" text;
--> statement-breakpoint
-- The demo deals' specification lines in English (issue 23: English pages showed the Spanish line);
-- a seller's own line stays as written until the seller gives an English one.
UPDATE "operations" SET "specification_en" = CASE "specification"
  WHEN 'Regular 26% de materia grasa' THEN 'Regular, 26% fat'
  WHEN 'Licor de cacao 100%, grasa 52–56%' THEN '100% cocoa liquor, 52–56% fat'
  WHEN 'Arábica lavado, malla 15+, humedad máx. 12%' THEN 'Washed arabica, screen 15+, moisture max. 12%'
  WHEN 'Cortes premium congelados, envasado al vacío' THEN 'Frozen premium cuts, vacuum-packed'
  WHEN 'ICUMSA 45, polarización mín. 99,8°' THEN 'ICUMSA 45, polarisation min. 99.8°'
  WHEN 'Proteína mín. 34%, humedad máx. 13,5%' THEN 'Protein min. 34%, moisture max. 13.5%'
  WHEN 'Grado 2, humedad máx. 14,5%' THEN 'Grade 2, moisture max. 14.5%'
  WHEN 'Largo fino, 5% partido' THEN 'Long grain, 5% broken'
  WHEN 'Conilon tipo 7, criba 13+' THEN 'Conilon type 7, screen 13+'
  WHEN 'Entera 28% de materia grasa' THEN 'Whole, 28% fat'
  WHEN 'Ellendale, calibre 1–2' THEN 'Ellendale, size 1–2'
  WHEN 'Carenero Superior, fermentación mín. 75%' THEN 'Carenero Superior, fermentation min. 75%'
  WHEN 'Cuarto delantero congelado a −18 °C' THEN 'Forequarter frozen at −18 °C'
  WHEN 'Grado 2, proteína mín. 11%' THEN 'Grade 2, protein min. 11%'
  WHEN 'Crudo desgomado, acidez máx. 2%' THEN 'Crude degummed, acidity max. 2%'
  WHEN 'Barras de 2,5 kg, humedad máx. 52%' THEN '2.5 kg blocks, moisture max. 52%'
  WHEN 'VHP, ICUMSA 600–1200' THEN 'VHP, ICUMSA 600–1200'
  WHEN 'SCA 84+, humedad 10–12%' THEN 'SCA 84+, moisture 10–12%'
  WHEN 'Calibre 100–113, categoría I' THEN 'Size 100–113, class I'
  WHEN 'Orgánica certificada, ICUMSA 400–800' THEN 'Certified organic, ICUMSA 400–800'
  WHEN 'Alcalinizado, grasa 10–12%' THEN 'Alkalised, 10–12% fat'
END
WHERE "specification_en" IS NULL AND "specification" IN ('Regular 26% de materia grasa', 'Licor de cacao 100%, grasa 52–56%', 'Arábica lavado, malla 15+, humedad máx. 12%', 'Cortes premium congelados, envasado al vacío', 'ICUMSA 45, polarización mín. 99,8°', 'Proteína mín. 34%, humedad máx. 13,5%', 'Grado 2, humedad máx. 14,5%', 'Largo fino, 5% partido', 'Conilon tipo 7, criba 13+', 'Entera 28% de materia grasa', 'Ellendale, calibre 1–2', 'Carenero Superior, fermentación mín. 75%', 'Cuarto delantero congelado a −18 °C', 'Grado 2, proteína mín. 11%', 'Crudo desgomado, acidez máx. 2%', 'Barras de 2,5 kg, humedad máx. 52%', 'VHP, ICUMSA 600–1200', 'SCA 84+, humedad 10–12%', 'Calibre 100–113, categoría I', 'Orgánica certificada, ICUMSA 400–800', 'Alcalinizado, grasa 10–12%');
--> statement-breakpoint
-- The admins' review queue names each offer in the admin's language (a new column goes at the end of a view).
CREATE OR REPLACE VIEW admin_kyc_review AS
SELECT
  o.id,
  o.title,
  o.product_name,
  o.origin_country,
  coalesce(nullif(btrim(pr.company_name), ''), pr.full_name, u.name) AS seller_name,
  u.email AS seller_email,
  o.total_tons,
  (o.price_per_ton_cents / 100.0)::double precision AS price_usd,
  o.created_at,
  o.revision,
  o.title_en
FROM operations o
JOIN "user" u ON u.id = o.seller_id
LEFT JOIN profiles pr ON pr.id = o.seller_id
WHERE o.kyc_status = 'pending';
