import {
  type OperationPartnerRole,
  type OperationReviewStatus,
  type OperationStatus,
  type OperationType,
  type PaymentMethod,
  type ProductCategory,
  buildPaymentReference,
  computeTotalCents,
  usdToCents,
  HOUR_MS,
  DAY_MS,
  isoDateInDays,
  writeLedgerMemo,
  type TradeTerms,
  defaultTradeTerms,
} from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { buyerAccount, escrowAccount } from '../modules/escrow/ledger-accounts';
import { contractColumnsFor } from '../modules/statements/contract.service';
import { type AppTransaction } from '../db/client';
import {
  ledgerEntries,
  ledgerTransfers,
  operationAssignees,
  operationPartners,
  operations,
  orders,
} from '../db/schema';
import { demoUserId } from './demo-accounts';
import { demoId } from './demo-ids';
import { demoPartnerId } from './demo-partners';

export interface DemoOperation {
  key: string;
  isFeatured?: boolean;
  title: string;
  titleEn: string;
  description: string;
  descriptionEn: string;
  productName: string;
  category: ProductCategory;
  type: OperationType;
  origin: string;
  destination: string;
  arrivalPort: string;
  warehouse: string;
  specification: string;
  specificationEn: string;
  imagePath: string;
  totalTons: number;
  lotStepTons?: number;
  minVolume: number;
  maxPerParticipantTons: number | null;
  containerTons: number | null;
  pricePerTonUsd: number;
  /** When it was published (created), in days before the seed ran; approval follows 2 hours later. */
  openedDaysAgo: number;
  deadlineInDays: number;
  departureInDays?: number;
  arrivalInDays?: number;
  sellerKey: string;
  reviewStatus?: OperationReviewStatus;
  status?: OperationStatus;
  partners: [OperationPartnerRole, string][];
}

export interface DemoOrder {
  key: string;
  operationKey: string;
  buyerKey: string;
  volume: number;
  paymentMethod: PaymentMethod;
  createdDaysAgo: number;
  confirmedDaysAgo: number;
}

export const FEATURED_OPERATION_KEY = 'milk-powder-regular';

/**
 * The demo catalogue, relative to the moment the seed runs so the deals are
 * live when someone first opens the app: the featured deal (spec §3), the three
 * sample cards, 15 further active deals and 2 waiting for admin approval.
 *
 * Landing figures this yields (content.service): 19 active operations; 4
 * countries (UY, VE, AR, BR); monthly volume $1,000,000 = featured $107,500 +
 * samples $620,000 + the seven opened within 30 days $272,500 (the eight older
 * ones fall outside the window); 19 partners. Those four figures are the product spec's landing
 * statistics, so every active deal here is demo content, what a newcomer sees: no test changes them
 * (the end-to-end deals specs publish operations of their own through the API, e2e/support/deals.ts).
 */
export const DEMO_OPERATIONS: readonly DemoOperation[] = [
  {
    key: FEATURED_OPERATION_KEY,
    isFeatured: true,
    title: 'Leche en polvo regular',
    titleEn: 'Regular milk powder',
    description:
      'Importación agrupada de leche en polvo regular con 26% de materia grasa, producida en plantas habilitadas de Uruguay y embarcada en Montevideo con destino a La Guaira. La operación se completa con 25 toneladas (un contenedor) divididas en lotes de 5 toneladas, de modo que cinco empresas compradoras comparten un mismo embarque, flete y despacho. Los pagos quedan en escrow hasta que la mercadería llega al almacén y supera la inspección.',
    descriptionEn:
      'Pooled import of regular milk powder with 26% fat, produced by approved plants in Uruguay and shipped from Montevideo to La Guaira. The deal fills one 25-ton container split into 5-ton lots, so five buying companies share one shipment, freight and customs clearance. Payments stay in escrow until the goods reach the warehouse and pass inspection.',
    productName: 'Milk Powder',
    category: 'dairy',
    type: 'import',
    origin: 'UY',
    destination: 'VE',
    arrivalPort: 'La Guaira',
    warehouse: 'Almacén LogiPuerto, La Guaira',
    specification: 'Regular 26% de materia grasa',
    specificationEn: 'Regular, 26% fat',
    imagePath: '/images/ops/milk-powder.webp',
    totalTons: 25,
    minVolume: 5,
    maxPerParticipantTons: 25,
    containerTons: 25,
    pricePerTonUsd: 4_300,
    openedDaysAgo: 2,
    deadlineInDays: 30,
    departureInDays: 45,
    arrivalInDays: 75,
    sellerKey: 'vendedor',
    partners: [
      ['manager', 'atlantico-sur'],
      ['money_arbitrage', 'cambio-austral'],
      ['shipping', 'oceanic-blue'],
      ['logistics', 'caribe-global'],
    ],
  },
  {
    key: 'cocoa-liquor',
    title: 'Licor de cacao',
    titleEn: 'Cocoa liquor',
    description:
      'Exportación de licor de cacao venezolano de origen Sur del Lago, prensado en frío y envasado en bloques de 25 kg, para chocolateros e industrias de Buenos Aires.',
    descriptionEn:
      'Export of Venezuelan cocoa liquor from Sur del Lago beans, cold-pressed and packed in 25 kg blocks, for chocolate makers and food manufacturers in Buenos Aires.',
    productName: 'Cocoa Liquor',
    category: 'cocoa',
    type: 'export',
    origin: 'VE',
    destination: 'AR',
    arrivalPort: 'Buenos Aires',
    warehouse: 'Depósito fiscal Dock Sud, Buenos Aires',
    specification: 'Licor de cacao 100%, grasa 52–56%',
    specificationEn: '100% cocoa liquor, 52–56% fat',
    imagePath: '/images/ops/cocoa-liquor.webp',
    totalTons: 20,
    minVolume: 5,
    maxPerParticipantTons: 20,
    containerTons: 20,
    pricePerTonUsd: 9_000,
    openedDaysAgo: 0.2,
    deadlineInDays: 30,
    sellerKey: 'vendedor',
    partners: [
      ['manager', 'caribe-global'],
      ['money_arbitrage', 'valoris'],
      ['shipping', 'naviera-andina'],
      ['logistics', 'cargo-mercosur'],
    ],
  },
  {
    key: 'arabica-coffee',
    title: 'Café arábica',
    titleEn: 'Arabica coffee',
    description:
      'Exportación de café verde arábica lavado de los Andes venezolanos, cosecha actual, en sacos de yute de 60 kg con bolsa hermética, para tostadores de Argentina.',
    descriptionEn:
      'Export of washed green Arabica coffee from the Venezuelan Andes, current crop, in 60 kg jute bags with hermetic liners, for roasters in Argentina.',
    productName: 'Arabica Coffee',
    category: 'coffee',
    type: 'export',
    origin: 'VE',
    destination: 'AR',
    arrivalPort: 'Buenos Aires',
    warehouse: 'Depósito fiscal Dock Sud, Buenos Aires',
    specification: 'Arábica lavado, malla 15+, humedad máx. 12%',
    specificationEn: 'Washed arabica, screen 15+, moisture max. 12%',
    imagePath: '/images/ops/arabica-coffee.webp',
    totalTons: 20,
    minVolume: 5,
    maxPerParticipantTons: 20,
    containerTons: 20,
    pricePerTonUsd: 10_000,
    openedDaysAgo: 0.3,
    deadlineInDays: 25,
    sellerKey: 'vendedor',
    partners: [
      ['manager', 'meridian'],
      ['money_arbitrage', 'cambio-austral'],
      ['shipping', 'naviera-andina'],
      ['logistics', 'cargo-mercosur'],
    ],
  },
  {
    key: 'beef-cuts',
    title: 'Cortes de carne premium',
    titleEn: 'Premium beef cuts',
    description:
      'Importación de cortes vacunos premium uruguayos (lomo, bife angosto y ojo de bife), envasados al vacío y congelados a −18 °C, con certificación sanitaria de exportación.',
    descriptionEn:
      'Import of premium Uruguayan beef cuts (tenderloin, striploin and ribeye), vacuum-packed and frozen at −18 °C, with export health certification.',
    productName: 'Premium Beef Cuts',
    category: 'meat',
    type: 'import',
    origin: 'UY',
    destination: 'VE',
    arrivalPort: 'La Guaira',
    warehouse: 'Cámara frigorífica LogiPuerto, La Guaira',
    specification: 'Cortes premium congelados, envasado al vacío',
    specificationEn: 'Frozen premium cuts, vacuum-packed',
    imagePath: '/images/ops/beef-cuts.webp',
    totalTons: 20,
    minVolume: 5,
    maxPerParticipantTons: 20,
    containerTons: 20,
    pricePerTonUsd: 12_000,
    openedDaysAgo: 0.4,
    deadlineInDays: 15,
    sellerKey: 'vendedor',
    partners: [
      ['manager', 'atlantico-sur'],
      ['money_arbitrage', 'cambio-austral'],
      ['shipping', 'oceanic-blue'],
      ['logistics', 'frigo-integral'],
    ],
  },
  // Opened within the last 30 days: they count in the monthly volume.
  {
    key: 'refined-sugar',
    title: 'Azúcar refinada ICUMSA 45',
    titleEn: 'Refined sugar ICUMSA 45',
    description:
      'Azúcar blanca refinada brasileña ICUMSA 45 en bolsas de 50 kg, para distribuidores e industria alimentaria.',
    descriptionEn: 'Brazilian refined white sugar ICUMSA 45 in 50 kg bags, for distributors and the food industry.',
    productName: 'Refined Sugar',
    category: 'sugar',
    type: 'import',
    origin: 'BR',
    destination: 'VE',
    arrivalPort: 'La Guaira',
    warehouse: 'Almacén LogiPuerto, La Guaira',
    specification: 'ICUMSA 45, polarización mín. 99,8°',
    specificationEn: 'ICUMSA 45, polarisation min. 99.8°',
    imagePath: '/images/categories/sugar.webp',
    totalTons: 50,
    minVolume: 10,
    maxPerParticipantTons: 25,
    containerTons: 25,
    pricePerTonUsd: 620,
    openedDaysAgo: 4,
    deadlineInDays: 21,
    sellerKey: 'cooperativa-sul',
    partners: [
      ['manager', 'meridian'],
      ['shipping', 'transatlantica-sul'],
    ],
  },
  {
    key: 'soybeans',
    title: 'Soja en grano',
    titleEn: 'Soybeans',
    description:
      'Soja argentina en grano, cosecha actual, para molienda y producción de alimento balanceado en el sur de Brasil.',
    descriptionEn: 'Argentine soybeans, current crop, for crushing and feed production in southern Brazil.',
    productName: 'Soybeans',
    category: 'oilseeds',
    type: 'import',
    origin: 'AR',
    destination: 'BR',
    arrivalPort: 'Santos',
    warehouse: 'Terminal de granos, Santos',
    specification: 'Proteína mín. 34%, humedad máx. 13,5%',
    specificationEn: 'Protein min. 34%, moisture max. 13.5%',
    imagePath: '/images/categories/oilseeds.webp',
    totalTons: 100,
    minVolume: 20,
    maxPerParticipantTons: 50,
    containerTons: null,
    pricePerTonUsd: 420,
    openedDaysAgo: 6,
    deadlineInDays: 28,
    sellerKey: 'exportadora-pampa',
    partners: [
      ['manager', 'pampa-grain'],
      ['logistics', 'cargo-mercosur'],
    ],
  },
  {
    key: 'yellow-corn',
    title: 'Maíz amarillo',
    titleEn: 'Yellow corn',
    description: 'Maíz amarillo duro argentino grado 2, a granel, para la industria avícola venezolana.',
    descriptionEn: 'Argentine yellow dent corn grade 2, in bulk, for the Venezuelan poultry industry.',
    productName: 'Yellow Corn',
    category: 'grains',
    type: 'import',
    origin: 'AR',
    destination: 'VE',
    arrivalPort: 'Puerto Cabello',
    warehouse: 'Silos Puerto Cabello',
    specification: 'Grado 2, humedad máx. 14,5%',
    specificationEn: 'Grade 2, moisture max. 14.5%',
    imagePath: '/images/categories/grains.webp',
    totalTons: 150,
    minVolume: 25,
    maxPerParticipantTons: 75,
    containerTons: null,
    pricePerTonUsd: 230,
    openedDaysAgo: 9,
    deadlineInDays: 24,
    sellerKey: 'exportadora-pampa',
    partners: [
      ['manager', 'pampa-grain'],
      ['shipping', 'naviera-andina'],
    ],
  },
  {
    key: 'long-grain-rice',
    title: 'Arroz largo fino',
    titleEn: 'Long-grain rice',
    description: 'Arroz blanco largo fino uruguayo, 5% de grano partido, en bolsas de 25 kg.',
    descriptionEn: 'Uruguayan long-grain white rice, 5% broken, in 25 kg bags.',
    productName: 'Long Grain Rice',
    category: 'grains',
    type: 'import',
    origin: 'UY',
    destination: 'VE',
    arrivalPort: 'La Guaira',
    warehouse: 'Almacén LogiPuerto, La Guaira',
    specification: 'Largo fino, 5% partido',
    specificationEn: 'Long grain, 5% broken',
    imagePath: '/images/categories/grains.webp',
    totalTons: 60,
    minVolume: 10,
    maxPerParticipantTons: 30,
    containerTons: 20,
    pricePerTonUsd: 650,
    openedDaysAgo: 12,
    deadlineInDays: 18,
    sellerKey: 'vendedor',
    partners: [
      ['manager', 'atlantico-sur'],
      ['shipping', 'oceanic-blue'],
    ],
  },
  {
    key: 'robusta-coffee',
    title: 'Café robusta',
    titleEn: 'Robusta coffee',
    description:
      'Café verde robusta (conilon) de Espírito Santo, en sacos de 60 kg, para tostadores e industria de café soluble.',
    descriptionEn:
      'Green robusta (conilon) coffee from Espírito Santo, in 60 kg bags, for roasters and instant-coffee makers.',
    productName: 'Robusta Coffee',
    category: 'coffee',
    type: 'import',
    origin: 'BR',
    destination: 'AR',
    arrivalPort: 'Buenos Aires',
    warehouse: 'Depósito fiscal Dock Sud, Buenos Aires',
    specification: 'Conilon tipo 7, criba 13+',
    specificationEn: 'Conilon type 7, screen 13+',
    imagePath: '/images/categories/coffee.webp',
    totalTons: 15,
    minVolume: 5,
    maxPerParticipantTons: 15,
    containerTons: 15,
    pricePerTonUsd: 4_600,
    openedDaysAgo: 15,
    deadlineInDays: 20,
    sellerKey: 'cooperativa-sul',
    partners: [
      ['manager', 'meridian'],
      ['shipping', 'transatlantica-sul'],
    ],
  },
  {
    key: 'whole-milk-powder',
    title: 'Leche en polvo entera',
    titleEn: 'Whole milk powder',
    description:
      'Leche en polvo entera uruguaya con 28% de materia grasa, en bolsas de 25 kg, para la industria láctea brasileña.',
    descriptionEn: 'Uruguayan whole milk powder with 28% fat, in 25 kg bags, for the Brazilian dairy industry.',
    productName: 'Whole Milk Powder',
    category: 'dairy',
    type: 'import',
    origin: 'UY',
    destination: 'BR',
    arrivalPort: 'Santos',
    warehouse: 'Armazém alfandegado, Santos',
    specification: 'Entera 28% de materia grasa',
    specificationEn: 'Whole, 28% fat',
    imagePath: '/images/categories/dairy.webp',
    totalTons: 10,
    minVolume: 5,
    maxPerParticipantTons: 10,
    containerTons: 10,
    pricePerTonUsd: 4_500,
    openedDaysAgo: 19,
    deadlineInDays: 12,
    sellerKey: 'vendedor',
    partners: [['manager', 'atlantico-sur']],
  },
  {
    key: 'mandarins',
    title: 'Mandarinas frescas',
    titleEn: 'Fresh mandarins',
    description: 'Mandarinas Ellendale uruguayas, calibre 1–2, en cajas de 10 kg y contenedor refrigerado.',
    descriptionEn: 'Uruguayan Ellendale mandarins, size 1–2, in 10 kg boxes in a reefer container.',
    productName: 'Mandarins',
    category: 'fruit',
    type: 'import',
    origin: 'UY',
    destination: 'BR',
    arrivalPort: 'Santos',
    warehouse: 'Ceagesp, São Paulo',
    specification: 'Ellendale, calibre 1–2',
    specificationEn: 'Ellendale, size 1–2',
    imagePath: '/images/categories/fruit.webp',
    totalTons: 20,
    minVolume: 5,
    maxPerParticipantTons: 20,
    containerTons: 20,
    pricePerTonUsd: 600,
    openedDaysAgo: 24,
    deadlineInDays: 8,
    sellerKey: 'vendedor',
    partners: [
      ['manager', 'atlantico-sur'],
      ['logistics', 'frigo-integral'],
    ],
  },
  // Opened more than 30 days ago: active, but outside the monthly volume window.
  {
    key: 'cocoa-beans',
    title: 'Cacao en grano fino de aroma',
    titleEn: 'Fine-flavour cocoa beans',
    description: 'Cacao en grano fermentado y secado al sol, variedad Carenero Superior, para chocolateros brasileños.',
    descriptionEn: 'Fermented, sun-dried Carenero Superior cocoa beans for Brazilian chocolate makers.',
    productName: 'Cocoa Beans',
    category: 'cocoa',
    type: 'export',
    origin: 'VE',
    destination: 'BR',
    arrivalPort: 'Santos',
    warehouse: 'Armazém alfandegado, Santos',
    specification: 'Carenero Superior, fermentación mín. 75%',
    specificationEn: 'Carenero Superior, fermentation min. 75%',
    imagePath: '/images/categories/cocoa.webp',
    totalTons: 25,
    minVolume: 5,
    maxPerParticipantTons: 25,
    containerTons: 25,
    pricePerTonUsd: 7_800,
    openedDaysAgo: 35,
    deadlineInDays: 16,
    sellerKey: 'vendedor',
    partners: [
      ['manager', 'caribe-global'],
      ['shipping', 'naviera-andina'],
    ],
  },
  {
    key: 'frozen-beef',
    title: 'Carne bovina congelada',
    titleEn: 'Frozen beef',
    description: 'Cortes delanteros de carne bovina brasileña congelada, para procesadoras y mayoristas.',
    descriptionEn: 'Frozen Brazilian beef forequarter cuts, for processors and wholesalers.',
    productName: 'Frozen Beef',
    category: 'meat',
    type: 'import',
    origin: 'BR',
    destination: 'VE',
    arrivalPort: 'La Guaira',
    warehouse: 'Cámara frigorífica LogiPuerto, La Guaira',
    specification: 'Cuarto delantero congelado a −18 °C',
    specificationEn: 'Forequarter frozen at −18 °C',
    imagePath: '/images/categories/meat.webp',
    totalTons: 25,
    minVolume: 5,
    maxPerParticipantTons: 25,
    containerTons: 25,
    pricePerTonUsd: 5_200,
    openedDaysAgo: 38,
    deadlineInDays: 14,
    sellerKey: 'cooperativa-sul',
    partners: [
      ['manager', 'meridian'],
      ['logistics', 'logipuerto'],
    ],
  },
  {
    key: 'bread-wheat',
    title: 'Trigo panadero',
    titleEn: 'Bread wheat',
    description: 'Trigo pan argentino grado 2, a granel, para molinos harineros venezolanos.',
    descriptionEn: 'Argentine bread wheat grade 2, in bulk, for Venezuelan flour mills.',
    productName: 'Wheat',
    category: 'grains',
    type: 'import',
    origin: 'AR',
    destination: 'VE',
    arrivalPort: 'Puerto Cabello',
    warehouse: 'Silos Puerto Cabello',
    specification: 'Grado 2, proteína mín. 11%',
    specificationEn: 'Grade 2, protein min. 11%',
    imagePath: '/images/categories/grains.webp',
    totalTons: 200,
    minVolume: 25,
    maxPerParticipantTons: 100,
    containerTons: null,
    pricePerTonUsd: 260,
    openedDaysAgo: 40,
    deadlineInDays: 30,
    sellerKey: 'exportadora-pampa',
    partners: [
      ['manager', 'pampa-grain'],
      ['shipping', 'naviera-andina'],
    ],
  },
  {
    key: 'sunflower-oil',
    title: 'Aceite de girasol crudo',
    titleEn: 'Crude sunflower oil',
    description: 'Aceite de girasol crudo desgomado, en flexitanques, para refinerías venezolanas.',
    descriptionEn: 'Crude degummed sunflower oil in flexitanks, for Venezuelan refineries.',
    productName: 'Sunflower Oil',
    category: 'oilseeds',
    type: 'import',
    origin: 'AR',
    destination: 'VE',
    arrivalPort: 'Puerto Cabello',
    warehouse: 'Tanques Puerto Cabello',
    specification: 'Crudo desgomado, acidez máx. 2%',
    specificationEn: 'Crude degummed, acidity max. 2%',
    imagePath: '/images/categories/oilseeds.webp',
    totalTons: 40,
    minVolume: 10,
    maxPerParticipantTons: 20,
    containerTons: 20,
    pricePerTonUsd: 1_100,
    openedDaysAgo: 42,
    deadlineInDays: 22,
    sellerKey: 'exportadora-pampa',
    partners: [['manager', 'pampa-grain']],
  },
  {
    key: 'mozzarella',
    title: 'Queso mozzarella',
    titleEn: 'Mozzarella cheese',
    description: 'Queso mozzarella uruguayo en barras de 2,5 kg, refrigerado, para pizzerías y distribuidores.',
    descriptionEn: 'Uruguayan mozzarella cheese in 2.5 kg blocks, chilled, for pizzerias and distributors.',
    productName: 'Mozzarella Cheese',
    category: 'dairy',
    type: 'import',
    origin: 'UY',
    destination: 'VE',
    arrivalPort: 'La Guaira',
    warehouse: 'Cámara frigorífica LogiPuerto, La Guaira',
    specification: 'Barras de 2,5 kg, humedad máx. 52%',
    specificationEn: '2.5 kg blocks, moisture max. 52%',
    imagePath: '/images/categories/dairy.webp',
    totalTons: 20,
    minVolume: 5,
    maxPerParticipantTons: 20,
    containerTons: 20,
    pricePerTonUsd: 4_800,
    openedDaysAgo: 45,
    deadlineInDays: 10,
    sellerKey: 'vendedor',
    partners: [
      ['manager', 'atlantico-sur'],
      ['logistics', 'frigo-integral'],
    ],
  },
  {
    key: 'brown-sugar',
    title: 'Azúcar morena',
    titleEn: 'Brown sugar',
    description: 'Azúcar morena VHP brasileña en bolsas de 50 kg, para la industria de bebidas y panificación.',
    descriptionEn: 'Brazilian VHP brown sugar in 50 kg bags, for beverage makers and bakeries.',
    productName: 'Brown Sugar',
    category: 'sugar',
    type: 'import',
    origin: 'BR',
    destination: 'UY',
    arrivalPort: 'Montevideo',
    warehouse: 'Depósito portuario, Montevideo',
    specification: 'VHP, ICUMSA 600–1200',
    specificationEn: 'VHP, ICUMSA 600–1200',
    imagePath: '/images/categories/sugar.webp',
    totalTons: 60,
    minVolume: 10,
    maxPerParticipantTons: 30,
    containerTons: 20,
    pricePerTonUsd: 560,
    openedDaysAgo: 48,
    deadlineInDays: 26,
    sellerKey: 'cooperativa-sul',
    partners: [
      ['manager', 'meridian'],
      ['shipping', 'transatlantica-sul'],
    ],
  },
  {
    key: 'green-coffee',
    title: 'Café verde de especialidad',
    titleEn: 'Specialty green coffee',
    description:
      'Microlotes de café verde de especialidad de Lara y Portuguesa, puntaje SCA 84+, para tostadores uruguayos.',
    descriptionEn: 'Specialty green coffee micro-lots from Lara and Portuguesa, SCA score 84+, for Uruguayan roasters.',
    productName: 'Green Coffee',
    category: 'coffee',
    type: 'export',
    origin: 'VE',
    destination: 'UY',
    arrivalPort: 'Montevideo',
    warehouse: 'Depósito portuario, Montevideo',
    specification: 'SCA 84+, humedad 10–12%',
    specificationEn: 'SCA 84+, moisture 10–12%',
    imagePath: '/images/categories/coffee.webp',
    totalTons: 10,
    minVolume: 5,
    maxPerParticipantTons: 10,
    containerTons: 10,
    pricePerTonUsd: 8_200,
    openedDaysAgo: 50,
    deadlineInDays: 35,
    sellerKey: 'vendedor',
    partners: [['manager', 'caribe-global']],
  },
  {
    key: 'apples',
    title: 'Manzanas Red Delicious',
    titleEn: 'Red Delicious apples',
    description: 'Manzanas Red Delicious del Alto Valle de Río Negro, calibre 100–113, en cajas de 18 kg.',
    descriptionEn: 'Red Delicious apples from the Alto Valle of Río Negro, size 100–113, in 18 kg boxes.',
    productName: 'Apples',
    category: 'fruit',
    type: 'import',
    origin: 'AR',
    destination: 'BR',
    arrivalPort: 'Santos',
    warehouse: 'Ceagesp, São Paulo',
    specification: 'Calibre 100–113, categoría I',
    specificationEn: 'Size 100–113, class I',
    imagePath: '/images/categories/fruit.webp',
    totalTons: 30,
    minVolume: 5,
    maxPerParticipantTons: 15,
    containerTons: 15,
    pricePerTonUsd: 900,
    openedDaysAgo: 55,
    deadlineInDays: 40,
    sellerKey: 'exportadora-pampa',
    partners: [
      ['manager', 'pampa-grain'],
      ['logistics', 'cargo-mercosur'],
    ],
  },
  // Waiting for an admin's approval: not public, not active.
  {
    key: 'organic-sugar',
    title: 'Azúcar orgánica',
    titleEn: 'Organic sugar',
    description: 'Azúcar orgánica certificada de caña brasileña, en bolsas de 25 kg.',
    descriptionEn: 'Certified organic Brazilian cane sugar in 25 kg bags.',
    productName: 'Organic Sugar',
    category: 'sugar',
    type: 'import',
    origin: 'BR',
    destination: 'VE',
    arrivalPort: 'La Guaira',
    warehouse: 'Almacén LogiPuerto, La Guaira',
    specification: 'Orgánica certificada, ICUMSA 400–800',
    specificationEn: 'Certified organic, ICUMSA 400–800',
    imagePath: '/images/categories/sugar.webp',
    totalTons: 30,
    minVolume: 5,
    maxPerParticipantTons: 15,
    containerTons: 15,
    pricePerTonUsd: 900,
    openedDaysAgo: 1,
    deadlineInDays: 35,
    sellerKey: 'vendedor',
    reviewStatus: 'pending',
    status: 'pending',
    partners: [],
  },
  {
    key: 'cocoa-powder',
    title: 'Cacao en polvo',
    titleEn: 'Cocoa powder',
    description: 'Cacao en polvo alcalinizado 10–12% de grasa, en bolsas de 25 kg.',
    descriptionEn: 'Alkalised cocoa powder, 10–12% fat, in 25 kg bags.',
    productName: 'Cocoa Powder',
    category: 'cocoa',
    type: 'export',
    origin: 'VE',
    destination: 'AR',
    arrivalPort: 'Buenos Aires',
    warehouse: 'Depósito fiscal Dock Sud, Buenos Aires',
    specification: 'Alcalinizado, grasa 10–12%',
    specificationEn: 'Alkalised, 10–12% fat',
    imagePath: '/images/categories/cocoa.webp',
    totalTons: 15,
    minVolume: 5,
    maxPerParticipantTons: 15,
    containerTons: 15,
    pricePerTonUsd: 5_500,
    openedDaysAgo: 2,
    deadlineInDays: 40,
    sellerKey: 'vendedor',
    reviewStatus: 'pending',
    status: 'pending',
    partners: [],
  },
];

/** The featured deal's two confirmed buyers: 10 of 25 tons taken, 15 left, "2 de 5". */
export const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    key: 'featured-comprador',
    operationKey: FEATURED_OPERATION_KEY,
    buyerKey: 'comprador',
    volume: 5,
    paymentMethod: 'wire',
    createdDaysAgo: 1.5,
    confirmedDaysAgo: 1,
  },
  {
    key: 'featured-importadora-andina',
    operationKey: FEATURED_OPERATION_KEY,
    buyerKey: 'importadora-andina',
    volume: 5,
    paymentMethod: 'cash',
    createdDaysAgo: 1.2,
    confirmedDaysAgo: 0.8,
  },
];

/**
 * The demo deals' trade terms where they differ from the defaults (CIF at the arrival port, the
 * seller insuring 110 %, ± 5 %, the platform's inspector): real-looking terms as an importer quotes
 * them. The featured milk powder ships CIF La Guaira, inspected by SGS.
 */
const DEMO_TRADE_TERMS: Readonly<Record<string, Partial<TradeTerms>>> = {
  [FEATURED_OPERATION_KEY]: {
    inspectionBody: 'SGS Venezuela',
    qualitySpecification: 'Grasa 26 % mín., humedad 4 % máx., solubilidad 1,0 ml máx. (ADPI extra grade)',
    paymentTerms: 'Anticipo 100 % en escrow; saldo liberado contra inspección en destino',
  },
  'cocoa-liquor': {
    incoterm: 'FOB',
    namedPlace: 'La Guaira',
    insurancePayer: 'buyer',
    inspectionBody: 'Bureau Veritas',
  },
  'arabica-coffee': {
    incoterm: 'FOB',
    namedPlace: 'Puerto Cabello',
    insurancePayer: 'buyer',
    quantityTolerancePercent: 3,
  },
  'beef-cuts': { incoterm: 'CFR', insurancePayer: 'buyer', inspectionBody: 'Intertek' },
  'refined-sugar': { inspectionBody: 'SGS', quantityTolerancePercent: 2 },
  soybeans: { incoterm: 'FOB', namedPlace: 'Rosario', insurancePayer: 'buyer', quantityTolerancePercent: 10 },
  'yellow-corn': { incoterm: 'CFR', insurancePayer: 'buyer', quantityTolerancePercent: 10, inspectionBody: 'Cotecna' },
  'whole-milk-powder': { incoterm: 'CIP', inspectionBody: 'SGS' },
  'frozen-beef': { incoterm: 'DAP', namedPlace: 'Almacén frigorífico, La Guaira', insurancePayer: 'seller' },
};

/** A demo deal's trade terms: the defaults from its route and departure, then its own. */
export function demoTradeTerms(demo: DemoOperation, departure: string): TradeTerms {
  const base = defaultTradeTerms({
    arrivalPort: demo.arrivalPort,
    destinationCountry: demo.destination,
    specification: demo.specification,
    productName: demo.productName,
    shipmentFrom: departure,
  });
  const own = DEMO_TRADE_TERMS[demo.key] ?? {};
  const terms = { ...base, ...own };
  // A buyer who insures names the cover too; nobody insuring names none.
  if (terms.insurancePayer === 'none') terms.insuredPercent = null;
  return terms;
}

export function demoOperationId(key: string): string {
  return demoId(`operation:${key}`);
}

export function demoOrderId(key: string): string {
  return demoId(`order:${key}`);
}

function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export async function seedDemoOperations(tx: AppTransaction, now: Date, productSpecIds: Record<string, string>) {
  for (const demo of DEMO_OPERATIONS) {
    const createdAt = daysAgo(now, demo.openedDaysAgo);
    const reviewStatus = demo.reviewStatus ?? 'approved';
    const isApproved = reviewStatus === 'approved';
    const departureInDays = demo.departureInDays ?? demo.deadlineInDays + 15;
    const allocatedTons = DEMO_ORDERS.filter((p) => p.operationKey === demo.key).reduce((sum, p) => sum + p.volume, 0);
    await tx
      .insert(operations)
      .values({
        id: demoOperationId(demo.key),
        isFeatured: demo.isFeatured ?? false,
        title: demo.title,
        titleEn: demo.titleEn,
        description: demo.description,
        descriptionEn: demo.descriptionEn,
        productName: demo.productName,
        productCategory: demo.category,
        type: demo.type,
        originCountry: demo.origin,
        destinationCountry: demo.destination,
        arrivalPort: demo.arrivalPort,
        warehouse: demo.warehouse,
        specification: demo.specification,
        specificationEn: demo.specificationEn,
        productSpecId: productSpecIds[demo.productName] ?? null,
        imagePath: demo.imagePath,
        totalTons: demo.totalTons,
        allocatedTons,
        lotStepTons: demo.lotStepTons ?? 5,
        minVolume: demo.minVolume,
        maxPerParticipantTons: demo.maxPerParticipantTons,
        containerTons: demo.containerTons,
        pricePerTonCents: usdToCents(demo.pricePerTonUsd),
        deadline: new Date(now.getTime() + demo.deadlineInDays * DAY_MS),
        expectedDeparture: isoDateInDays(departureInDays, now),
        tradeTerms: demoTradeTerms(demo, isoDateInDays(departureInDays, now)),
        expectedArrival: isoDateInDays(demo.arrivalInDays ?? departureInDays + 25, now),
        // Demo orders are all paid and held in escrow: a deal they fill is funded (issue 14), not merely allocated.
        status: demo.status ?? (allocatedTons === demo.totalTons ? 'funded' : 'active'),
        reviewStatus,
        sellerId: demoUserId(demo.sellerKey),
        viewsCount: demo.isFeatured ? 128 : Math.round(10 + demo.totalTons / 2),
        approvedAt: isApproved ? new Date(createdAt.getTime() + 2 * HOUR_MS) : null,
        approvedBy: isApproved ? demoUserId('admin') : null,
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing();
    if (demo.partners.length > 0) {
      await tx
        .insert(operationPartners)
        .values(
          demo.partners.map(([role, partnerKey]) => ({
            operationId: demoOperationId(demo.key),
            partnerId: demoPartnerId(partnerKey),
            role,
          })),
        )
        .onConflictDoNothing();
    }
  }
}

/** A fixed reference per demo order, in the same alphabet as a real one (drawn from the id's hex digits). */
function demoPaymentReference(orderId: string): string {
  const hex = orderId.replaceAll('-', '');
  let position = 0;
  return buildPaymentReference((size) => {
    const value = Number.parseInt(hex.slice(position * 2, position * 2 + 2), 16) % size;
    position += 1;
    return value;
  });
}

/** Confirmed orders with their escrow deposits (buyer → escrow), written once. */
export async function seedDemoOrders(tx: AppTransaction, now: Date) {
  for (const demo of DEMO_ORDERS) {
    const operation = DEMO_OPERATIONS.find((op) => op.key === demo.operationKey);
    if (!operation) throw new Error(`Demo order ${demo.key} names no demo operation`);
    const operationId = demoOperationId(operation.key);
    const orderId = demoOrderId(demo.key);
    const buyerId = demoUserId(demo.buyerKey);
    const amountCents = computeTotalCents(usdToCents(operation.pricePerTonUsd), demo.volume);
    const confirmedAt = daysAgo(now, demo.confirmedDaysAgo);
    // The demo orders carry their contract, as an order placed through the API does.
    const [operationRow] = await tx.select().from(operations).where(eq(operations.id, operationId));
    const contract = await contractColumnsFor(tx, operationRow!, {
      buyerId,
      volume: demo.volume,
      amountCents,
      termsVersion: null,
      now: daysAgo(now, demo.createdDaysAgo),
    });
    await tx
      .insert(orders)
      .values({
        ...contract,
        id: orderId,
        operationId,
        userId: buyerId,
        volume: demo.volume,
        amountCents,
        paymentMethod: demo.paymentMethod,
        paymentStatus: 'confirmed',
        status: 'active',
        paymentReference: demoPaymentReference(orderId),
        notificationsEnabled: true,
        confirmedAt,
        createdAt: daysAgo(now, demo.createdDaysAgo),
        updatedAt: confirmedAt,
      })
      .onConflictDoNothing();
    // The ledger is append-only: write the deposit's entries only with a new transfer.
    const inserted = await tx
      .insert(ledgerTransfers)
      .values({
        id: demoId(`transfer:deposit:${demo.key}`),
        kind: 'deposit',
        operationId,
        orderId,
        memo: writeLedgerMemo('payment_confirmed'),
        createdBy: demoUserId('admin'),
        createdAt: confirmedAt,
      })
      .onConflictDoNothing()
      .returning({ id: ledgerTransfers.id });
    const transfer = inserted[0];
    if (!transfer) continue;
    await tx.insert(ledgerEntries).values([
      { transferId: transfer.id, account: buyerAccount(buyerId), amountCents: -amountCents, createdAt: confirmedAt },
      { transferId: transfer.id, account: escrowAccount(operationId), amountCents, createdAt: confirmedAt },
    ]);
  }
}

/** The demo logistics partner and inspector, assigned to the featured deal (issue 28). */
export const DEMO_ASSIGNMENTS = [
  { operationKey: FEATURED_OPERATION_KEY, userKey: 'logistica', role: 'logistics' },
  { operationKey: FEATURED_OPERATION_KEY, userKey: 'inspector', role: 'inspector' },
] as const;

export async function seedDemoAssignments(tx: AppTransaction, now: Date) {
  await tx
    .insert(operationAssignees)
    .values(
      DEMO_ASSIGNMENTS.map((demo) => ({
        operationId: demoOperationId(demo.operationKey),
        userId: demoUserId(demo.userKey),
        role: demo.role,
        assignedBy: demoUserId('admin'),
        assignedAt: daysAgo(now, 1),
      })),
    )
    .onConflictDoNothing();
}
