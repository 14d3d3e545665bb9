import type { LocalizedText } from '@maison/shared';

/** One purchasable style of a product, as the original shop's hard-coded catalogue had it. */
export interface CatalogVariant {
  id: string;
  /** The product name in English; variants are grouped by it. */
  name: string;
  price: number;
  style: LocalizedText;
  size: string;
  color: LocalizedText;
  material: LocalizedText;
  /** File name under the catalogue's image folder. */
  imageFile: string;
  imageAlt: LocalizedText;
  inStock: boolean;
}

const cotton = { en: 'Cotton lawn', vi: 'Vải cotton mịn' };
const silk = { en: 'Mulberry silk', vi: 'Lụa tơ tằm' };
const twill = { en: 'Silk twill', vi: 'Lụa vân chéo' };

/** The ten variants in four groups, with the original shop's ids, names and prices (integer dong). */
export const CATALOG_VARIANTS: readonly CatalogVariant[] = [
  {
    id: '1',
    name: 'Hoan Kiem Lake Handkerchief',
    price: 10_000,
    style: { en: 'Jade Mist', vi: 'Sương Ngọc' },
    size: '30 × 30 cm',
    color: { en: 'Jade green', vi: 'Xanh ngọc' },
    material: cotton,
    imageFile: 'hoan-kiem-jade-mist.svg',
    imageAlt: {
      en: 'Jade green handkerchief printed with the Turtle Tower on Hoan Kiem Lake',
      vi: 'Khăn tay xanh ngọc in hình Tháp Rùa trên Hồ Hoàn Kiếm',
    },
    inStock: true,
  },
  {
    id: '2',
    name: 'Hoan Kiem Lake Handkerchief',
    price: 20_000,
    style: { en: 'Red Huc Bridge', vi: 'Cầu Thê Húc' },
    size: '40 × 40 cm',
    color: { en: 'Lacquer red', vi: 'Đỏ son' },
    material: silk,
    imageFile: 'hoan-kiem-huc-bridge.svg',
    imageAlt: {
      en: 'Red silk handkerchief with the arched Huc Bridge over the lake',
      vi: 'Khăn lụa đỏ in hình Cầu Thê Húc cong trên mặt hồ',
    },
    inStock: true,
  },
  {
    id: '3',
    name: 'Hoan Kiem Lake Handkerchief',
    price: 35_000,
    style: { en: 'Dusk over the Lake', vi: 'Hoàng hôn trên hồ' },
    size: '50 × 50 cm',
    color: { en: 'Dusk gold', vi: 'Vàng hoàng hôn' },
    material: twill,
    imageFile: 'hoan-kiem-dusk.svg',
    imageAlt: {
      en: 'Gold silk twill handkerchief showing Hoan Kiem Lake at dusk',
      vi: 'Khăn lụa vân chéo vàng in cảnh Hồ Hoàn Kiếm lúc hoàng hôn',
    },
    inStock: true,
  },
  {
    id: '4',
    name: 'One Pillar Pagoda Handkerchief',
    price: 8_000,
    style: { en: 'Lotus Pond', vi: 'Ao Sen' },
    size: '30 × 30 cm',
    color: { en: 'Lotus pink', vi: 'Hồng sen' },
    material: cotton,
    imageFile: 'one-pillar-lotus-pond.svg',
    imageAlt: {
      en: 'Pink handkerchief with the One Pillar Pagoda rising from a lotus pond',
      vi: 'Khăn tay hồng in Chùa Một Cột giữa ao sen',
    },
    inStock: true,
  },
  {
    id: '5',
    name: 'Hoi An Handkerchief',
    price: 15_000,
    style: { en: 'Lantern Night', vi: 'Đêm Đèn Lồng' },
    size: '30 × 30 cm',
    color: { en: 'Saffron', vi: 'Vàng nghệ' },
    material: cotton,
    imageFile: 'hoi-an-lantern-night.svg',
    imageAlt: { en: 'Saffron handkerchief printed with glowing Hoi An lanterns', vi: 'Khăn tay vàng nghệ in những chiếc đèn lồng Hội An' },
    inStock: true,
  },
  {
    id: '6',
    name: 'Hoi An Handkerchief',
    price: 22_000,
    style: { en: 'Thu Bon River', vi: 'Sông Thu Bồn' },
    size: '40 × 40 cm',
    color: { en: 'River teal', vi: 'Xanh sông' },
    material: silk,
    imageFile: 'hoi-an-thu-bon.svg',
    imageAlt: {
      en: 'Teal silk handkerchief with boats and lanterns on the Thu Bon River',
      vi: 'Khăn lụa xanh in thuyền và đèn lồng trên sông Thu Bồn',
    },
    inStock: true,
  },
  {
    id: '7',
    name: 'Hoi An Handkerchief',
    price: 50_000,
    style: { en: 'Old Town Silk', vi: 'Lụa Phố Cổ' },
    size: '55 × 55 cm',
    color: { en: 'Ochre', vi: 'Vàng đất' },
    material: twill,
    imageFile: 'hoi-an-old-town.svg',
    imageAlt: {
      en: 'Ochre silk twill handkerchief with the tiled roofs of Hoi An old town',
      vi: 'Khăn lụa vân chéo vàng đất in mái ngói phố cổ Hội An',
    },
    inStock: true,
  },
  {
    id: '8',
    name: 'Dragon Bridge Handkerchief',
    price: 15_000,
    style: { en: 'Golden Dragon', vi: 'Rồng Vàng' },
    size: '30 × 30 cm',
    color: { en: 'Gold', vi: 'Vàng kim' },
    material: cotton,
    imageFile: 'dragon-bridge-golden.svg',
    imageAlt: {
      en: 'Gold handkerchief with the winding Dragon Bridge of Da Nang',
      vi: 'Khăn tay vàng kim in Cầu Rồng uốn lượn của Đà Nẵng',
    },
    inStock: true,
  },
  {
    id: '9',
    name: 'Dragon Bridge Handkerchief',
    price: 22_000,
    style: { en: 'Han River Blue', vi: 'Sông Hàn Xanh' },
    size: '40 × 40 cm',
    color: { en: 'Han river blue', vi: 'Xanh sông Hàn' },
    material: silk,
    imageFile: 'dragon-bridge-han-river.svg',
    imageAlt: {
      en: 'Blue silk handkerchief with the Dragon Bridge over the Han River at night',
      vi: 'Khăn lụa xanh in Cầu Rồng trên sông Hàn về đêm',
    },
    inStock: true,
  },
  {
    id: '10',
    name: 'Dragon Bridge Handkerchief',
    price: 50_000,
    style: { en: 'Fire Festival', vi: 'Rồng Phun Lửa' },
    size: '55 × 55 cm',
    color: { en: 'Flame red', vi: 'Đỏ lửa' },
    material: twill,
    imageFile: 'dragon-bridge-fire.svg',
    imageAlt: {
      en: 'Flame red silk twill handkerchief with the dragon breathing fire',
      vi: 'Khăn lụa vân chéo đỏ lửa in hình rồng phun lửa',
    },
    inStock: true,
  },
];
