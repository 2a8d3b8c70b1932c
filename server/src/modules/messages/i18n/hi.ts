import type { MessageKey } from './en.ts';

/**
 * Issue 30: the customer's messages in Hindi; every key of en.ts, with the same placeholders. Numbers,
 * amounts (₹1,00,000) and order numbers stay in Latin digits. A Hindi SMS is Unicode: 70 characters a
 * segment (67 when split): keep SMS short. The one-time codes are in adapters/sms/types.ts.
 */
export const hi: Record<MessageKey, string> = {
  shop: 'रुद्राक्ष रत्न',
  greeting: 'नमस्ते {name},',
  greetingPlain: 'नमस्ते,',
  seeOrder: 'अपना ऑर्डर देखें',
  emailSubject: '{subject} - {shop}',

  'item.with': '{qty} × {product}, साथ में {addOns}',
  'item.plain': '{qty} × {product}',
  'item.and': ' और ',
  'saving.sale': '{label} में आपने {amount} बचाए।',
  'saving.salePercent': '{name} ({percent}% की छूट) में आपने {amount} बचाए।',
  'saving.coupon': '{code} से आपने {amount} बचाए।',

  'placed.sms.cod': 'रुद्राक्ष रत्न: ऑर्डर #{number} ({amount}) मिल गया, भुगतान डिलीवरी पर। शिप होने पर सूचना देंगे।',
  'placed.sms.paid': 'रुद्राक्ष रत्न: ऑर्डर #{number} ({amount}) मिल गया, भुगतान हो चुका है। शिप होने पर सूचना देंगे।',
  'placed.smsVar.cod': 'भुगतान डिलीवरी पर',
  'placed.smsVar.paid': 'भुगतान हो चुका',
  'placed.subject': 'ऑर्डर #{number} मिल गया',
  'placed.thanks.cod': 'आपके ऑर्डर #{number} ({amount}, कैश ऑन डिलीवरी) के लिए धन्यवाद।',
  'placed.thanks.paid': 'आपके ऑर्डर #{number} ({amount}, ऑनलाइन भुगतान) के लिए धन्यवाद।',
  'placed.next': 'ऑर्डर शिप होने पर हम कूरियर और ट्रैकिंग नंबर के साथ फिर लिखेंगे।',

  'shipped.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} {courier} से शिप हो गया, ट्रैकिंग {tracking}।',
  'shipped.smsTrack': 'ट्रैक करें: {url}',
  'shipped.subject': 'ऑर्डर #{number} शिप हो गया',
  'shipped.line': 'आपका ऑर्डर #{number} {courier} से शिप हो गया है, ट्रैकिंग नंबर {tracking}।',
  'shipped.track': 'ट्रैक करें: {url}',
  'shipped.trackOnSite': 'ऊपर दिए नंबर से कूरियर की साइट पर ट्रैक करें।',
  'shipped.invoice': 'आपका टैक्स इनवॉइस ऑर्डर पेज पर डाउनलोड के लिए तैयार है।',

  'delivered.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} डिलीवर हो गया। हमसे खरीदारी के लिए धन्यवाद।',
  'delivered.subject': 'ऑर्डर #{number} डिलीवर हो गया',
  'delivered.line': 'आपका ऑर्डर #{number} डिलीवर हो गया है। हमसे खरीदारी के लिए धन्यवाद।',

  'cancelled.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} ({amount}) रद्द हो गया है।',
  'cancelled.subject': 'ऑर्डर #{number} रद्द',
  'cancelled.line': 'आपका ऑर्डर #{number} ({amount}) रद्द हो गया है।',
  'cancelled.refundFollows': 'अगर आपने ऑनलाइन भुगतान किया था, तो रिफंड की सूचना अलग संदेश में आएगी।',

  'refund.subject': 'ऑर्डर #{number} का {amount} रिफंड',
  'refund.transfer.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} का {amount} बैंक/UPI ट्रांसफर से लौटाया गया (रेफ़ {reference})।',
  'refund.transfer.line': 'हमने ऑर्डर #{number} का {amount} आपके बैंक खाते या UPI में भेज दिया है (रेफ़रेंस {reference})।',
  'refund.credit.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} का {amount} आपके स्टोर क्रेडिट में जोड़ा गया। अगले ऑर्डर में इस्तेमाल करें।',
  'refund.credit.line': 'हमने ऑर्डर #{number} का {amount} आपके स्टोर क्रेडिट में जोड़ दिया है। यह आपके अगले ऑर्डर के चेकआउट में लगेगा।',
  'refund.gateway.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} का {amount} आपके भुगतान माध्यम में लौटाया गया। बैंक 5-7 कार्यदिवस लेते हैं।',
  'refund.gateway.line':
    'हमने ऑर्डर #{number} का {amount} उसी कार्ड, UPI या खाते में लौटा दिया है जिससे आपने भुगतान किया था (रिफंड {reference})।',
  'refund.gateway.creditPart': 'इसमें से {credit} (जो आपने स्टोर क्रेडिट से चुकाया था) आपके स्टोर क्रेडिट में वापस है।',
  'refund.gateway.banks': 'बैंक में यह आमतौर पर 5-7 कार्यदिवस में दिखता है।',

  'outForDelivery.paid': 'कुछ नहीं, भुगतान हो चुका है',
  'outForDelivery.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} आज डिलीवरी के लिए निकला है। दरवाज़े पर भुगतान: {due}।',
  'outForDelivery.subject': 'ऑर्डर #{number} डिलीवरी के लिए निकला',
  'outForDelivery.line': 'आपका ऑर्डर #{number} आज डिलीवरी के लिए निकला है।',
  'outForDelivery.due': 'दरवाज़े पर भुगतान: {due}।',

  'deliveryFailed.noReason': 'कारण नहीं बताया गया',
  'deliveryFailed.sms':
    'रुद्राक्ष रत्न: कूरियर ऑर्डर #{number} डिलीवर नहीं कर सका ({reason})। वे फिर कोशिश करेंगे; कुछ बदलना हो तो हमें कॉल करें।',
  'deliveryFailed.subject': 'ऑर्डर #{number}: डिलीवरी नहीं हो सकी',
  'deliveryFailed.line': 'कूरियर आपका ऑर्डर #{number} डिलीवर नहीं कर सका। उनका कारण: {reason}।',
  'deliveryFailed.next': 'वे फिर कोशिश करेंगे। पता या समय बदलना हो तो इस ई-मेल का जवाब दें या हमें कॉल करें।',

  'returned.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} डिलीवर न होकर हमारे पास लौट आया और रद्द है। ऑनलाइन भुगतान का रिफंड आगे आएगा।',
  'returned.subject': 'ऑर्डर #{number} हमारे पास लौट आया',
  'returned.line': 'आपका ऑर्डर #{number} डिलीवर नहीं हो सका और कूरियर ने उसे हमें लौटा दिया, इसलिए वह रद्द है।',
  'returned.next': 'अगर आपने ऑनलाइन भुगतान किया था, तो रिफंड की सूचना अलग संदेश में आएगी। आप फिर से ऑर्डर कर सकते हैं।',

  'backInStock.sms': 'रुद्राक्ष रत्न: {product} फिर से स्टॉक में है। अभी ऑर्डर करें: {url}',
  'backInStock.subject': '{product} फिर से स्टॉक में है',
  'backInStock.line': '{product} फिर से स्टॉक में है। आपने हमें बताने को कहा था।',
  'backInStock.limited': 'स्टॉक सीमित है: यह संदेश आपके लिए कोई पीस नहीं रोकता।',
  'backInStock.link': 'प्रोडक्ट देखें',

  'passwordReset.sms':
    'रुद्राक्ष रत्न: एक साइन-इन कोड से यह फ़ोन नंबर पुष्ट हुआ। खाते का पुराना पासवर्ड अब काम नहीं करेगा और बाकी डिवाइस साइन-आउट हो गए। प्रोफ़ाइल में नया पासवर्ड रखें।',
  'passwordReset.subject': 'आपका पासवर्ड रीसेट हो गया',
  'passwordReset.line1':
    'किसी ने {phone} पर SMS से भेजे गए एक बार के कोड से आपके रुद्राक्ष रत्न खाते में साइन इन किया; यह नंबर पहली बार पुष्ट हुआ है।',
  'passwordReset.line2':
    'जिसके पास फ़ोन है, खाता उसी का है; इसलिए रजिस्टर करते समय रखा गया पासवर्ड अब काम नहीं करता और बाकी सभी डिवाइस साइन-आउट कर दिए गए।',
  'passwordReset.line3': 'अगर यह आप थे, तो प्रोफ़ाइल में नया पासवर्ड रखें। अगर नहीं, तो इस खाते का फ़ोन नंबर किसी और का है।',
  'passwordReset.link': 'अपनी प्रोफ़ाइल खोलें',

  'review.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} का {product} आपको कैसा लगा? रिव्यू लिखें: {url}',
  'review.subject': 'आपका ऑर्डर #{number} कैसा लगा?',
  'review.line':
    'आशा है आपका ऑर्डर #{number} आपको अच्छा लग रहा है। यह कैसा लगा? कुछ शब्द और एक-दो फ़ोटो दूसरे ग्राहकों को चुनने में मदद करते हैं।',
  'review.link': 'रिव्यू लिखें',

  'return.requested.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} का रिटर्न अनुरोध मिल गया। 2 कार्यदिवस में जवाब देंगे।',
  'return.requested.subject': 'ऑर्डर #{number} का रिटर्न अनुरोध',
  'return.requested.line': 'आपका रिटर्न अनुरोध मिल गया है, हम 2 कार्यदिवस में जवाब देंगे।',
  'return.moreInfo.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} के रिटर्न के लिए और जानकारी चाहिए: {note}। ऑर्डर पेज पर जवाब दें।',
  'return.moreInfo.subject': 'ऑर्डर #{number} का रिटर्न: थोड़ी और जानकारी चाहिए',
  'return.moreInfo.line': 'आपके रिटर्न पर फ़ैसले के लिए हमें और जानकारी चाहिए: {note}',
  'return.moreInfo.answer': 'कृपया ऑर्डर पेज पर जवाब दें।',
  'return.approved.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} का रिटर्न मंज़ूर।',
  'return.approved.smsPickup': 'रुद्राक्ष रत्न: ऑर्डर #{number} का रिटर्न मंज़ूर। {courier} पिकअप करेगा, AWB {awb}।',
  'return.approved.subject': 'ऑर्डर #{number} का रिटर्न मंज़ूर',
  'return.approved.line': 'आपका रिटर्न मंज़ूर हो गया है।',
  'return.approved.pickup': '{courier} आपके पते से पार्सल ले जाएगा (AWB {awb})। कृपया सामान उसके डिब्बे में पैक रखें।',
  'return.approved.noPickup': 'हम पिकअप का इंतज़ाम करके आपको बताएंगे।',
  'return.rejected.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} का रिटर्न हम नहीं ले सकते: {note}।',
  'return.rejected.subject': 'ऑर्डर #{number} का रिटर्न स्वीकार नहीं',
  'return.rejected.line': 'यह रिटर्न हम स्वीकार नहीं कर सकते: {note}',
  'return.rejected.talk': 'इस बारे में बात करनी हो तो इस ई-मेल का जवाब दें।',
  'return.received.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} का रिटर्न हमें मिल गया। 2 कार्यदिवस में निपटाएंगे।',
  'return.received.subject': 'ऑर्डर #{number} का रिटर्न मिला',
  'return.received.line': 'लौटाया गया सामान हमें मिल गया है। हम 2 कार्यदिवस में रिटर्न निपटा देंगे।',
  'return.replaced.sms': 'रुद्राक्ष रत्न: ऑर्डर #{number} का बदला हुआ सामान {courier} से भेजा गया, AWB {awb}।',
  'return.replaced.subject': 'ऑर्डर #{number} का बदला हुआ सामान भेजा गया',
  'return.replaced.line': 'आपका बदला हुआ सामान {courier} से रास्ते में है (AWB {awb})।',

  'wa.cod': 'कैश ऑन डिलीवरी',
  'wa.paidOnline': 'ऑनलाइन भुगतान',
  'wa.keepCash': 'कृपया नकद भुगतान के लिए {amount} तैयार रखें।',
  'wa.nothingToPay': 'भुगतान हो चुका है: कुछ नहीं देना।',
};
