import type { LocalizedText } from '@maison/shared';

export interface ProductTexts {
  name: LocalizedText;
  description: LocalizedText;
  care: LocalizedText;
  design: LocalizedText;
}

const care: LocalizedText = {
  en: 'Hand wash cold with a drop of silk shampoo, never wring. Dry flat away from the sun and press on the reverse with a cool iron.',
  vi: 'Giặt tay bằng nước lạnh với một chút dầu gội lụa, không vắt. Phơi phẳng tránh nắng và là mặt trái ở nhiệt độ thấp.',
};

/** Localised copy per product, keyed by the English name the variants carry. */
export const PRODUCT_TEXTS: Record<string, ProductTexts> = {
  'Hoan Kiem Lake Handkerchief': {
    name: { en: 'Hoan Kiem Lake Handkerchief', vi: 'Khăn tay Hồ Hoàn Kiếm' },
    description: {
      en: 'The Lake of the Returned Sword lies at the heart of Hà Nội. Legend says Emperor Lê Lợi returned his magic sword to the Golden Turtle God here. Our handkerchief captures the Turtle Tower on its still, jade water.',
      vi: 'Hồ Gươm nằm giữa lòng Hà Nội. Truyền thuyết kể rằng vua Lê Lợi đã trả lại gươm thần cho Rùa Vàng tại đây. Chiếc khăn ghi lại hình ảnh Tháp Rùa trên mặt nước xanh ngọc tĩnh lặng.',
    },
    care,
    design: {
      en: 'Drawn in ink at the lake shore at dawn, then screen-printed in three colours. The rolled hem is finished by hand in our Hàng Gai workshop.',
      vi: 'Được vẽ bằng mực bên bờ hồ lúc bình minh, sau đó in lụa ba màu. Đường viền cuộn được khâu tay tại xưởng Hàng Gai.',
    },
  },
  'One Pillar Pagoda Handkerchief': {
    name: { en: 'One Pillar Pagoda Handkerchief', vi: 'Khăn tay Chùa Một Cột' },
    description: {
      en: 'Built in 1049 by Emperor Lý Thái Tông after a dream of the Goddess of Mercy on a lotus, the One Pillar Pagoda rises from its pond like a flower from the water.',
      vi: 'Được vua Lý Thái Tông xây năm 1049 sau giấc mơ thấy Phật Bà Quan Âm ngồi trên đài sen, Chùa Một Cột vươn lên từ mặt ao như một bông sen.',
    },
    care,
    design: {
      en: 'A single lotus-pink print on fine cotton lawn, with a border of lotus leaves repeated around all four sides.',
      vi: 'Một lớp in màu hồng sen trên vải cotton mịn, viền lá sen lặp lại quanh bốn cạnh.',
    },
  },
  'Hoi An Handkerchief': {
    name: { en: 'Hoi An Handkerchief', vi: 'Khăn tay Hội An' },
    description: {
      en: 'Once a great trading port, Hội An still glows every full moon when the old town lights its silk lanterns along the Thu Bồn River.',
      vi: 'Từng là thương cảng sầm uất, Hội An vẫn rực sáng mỗi đêm rằm khi phố cổ thắp những chiếc đèn lồng lụa dọc sông Thu Bồn.',
    },
    care,
    design: {
      en: 'Our lanterns are printed from the colours of real Hội An silk. The larger styles are woven silk twill with a hand-rolled edge.',
      vi: 'Những chiếc đèn lồng được in theo màu lụa Hội An thật. Các mẫu lớn dùng lụa vân chéo với viền cuộn tay.',
    },
  },
  'Dragon Bridge Handkerchief': {
    name: { en: 'Dragon Bridge Handkerchief', vi: 'Khăn tay Cầu Rồng' },
    description: {
      en: 'The Dragon Bridge spans the Hàn River in Đà Nẵng. On weekend nights its golden dragon breathes fire and water over the crowd below.',
      vi: 'Cầu Rồng bắc qua sông Hàn ở Đà Nẵng. Vào tối cuối tuần, con rồng vàng phun lửa và phun nước trước đám đông bên dưới.',
    },
    care,
    design: {
      en: 'The dragon winds across the square in one unbroken line, drawn to meet itself at the corners when the handkerchief is folded.',
      vi: 'Con rồng uốn lượn qua chiếc khăn bằng một nét liền, được vẽ để gặp lại chính nó ở các góc khi gấp khăn.',
    },
  },
};
