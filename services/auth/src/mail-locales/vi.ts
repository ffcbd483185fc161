import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: 'Mã đăng nhập Portico của bạn: {code}',
  codeBody:
    'Mã Portico của bạn là {code}.\n\nMã có hiệu lực trong 10 phút, chỉ dùng được một lần và chỉ trong cửa sổ đã yêu cầu mã. Nếu bạn không yêu cầu, hãy bỏ qua email này.',
  deviceSubject: 'Xác nhận thiết bị mới của bạn',
  deviceBody:
    'Có người (mong là bạn) đang đăng nhập Portico từ một thiết bị mới.\n\nXác nhận tại đây: {link}\n\nLiên kết có hiệu lực trong 15 phút. Nếu không phải bạn, hãy bỏ qua email này.',
  changePrimarySubject: 'Xác nhận thay đổi email: {code}',
  changePrimaryBody:
    'Mã của bạn là {code}.\n\nCó người (mong là bạn) đã yêu cầu đổi email của tài khoản Portico. Nhập mã này để xác nhận đó là bạn; sau đó địa chỉ mới sẽ nhận một mã riêng. Mã có hiệu lực trong 10 phút và dùng được một lần. Nếu không phải bạn, hãy bỏ qua email này: không có gì thay đổi.',
  changeSecondarySubject: 'Xác nhận email mới của bạn: {code}',
  changeSecondaryBody:
    'Mã của bạn là {code}.\n\nNhập mã để đặt địa chỉ này làm email của tài khoản Portico. Mã có hiệu lực trong 10 phút và dùng được một lần. Nếu bạn không yêu cầu, hãy bỏ qua email này: không có gì thay đổi.',
  stepUpBody:
    'Mã Portico của bạn là {code}.\n\nNhập mã để dùng ví trên thiết bị bạn vừa đăng nhập. Mã có hiệu lực trong 10 phút và dùng được một lần.\n\nNếu bạn không vừa đăng nhập trên thiết bị mới, có thể người khác đã truy cập được tài khoản của bạn: đừng chia sẻ mã này và hãy đổi mật khẩu của tài khoản bạn dùng để đăng nhập.',
  recoverySubject: 'Ví Portico của bạn đã được mở trên một thiết bị mới',
  recoveryBody:
    'Khóa ví Portico của bạn đã được khôi phục trên một thiết bị mới.\n\nThiết bị: {device}\nĐịa chỉ mạng: {ip}\nThời gian: {time}\n\nNếu đó là bạn, bạn không cần làm gì. Nếu không, hãy chuyển tiền sang ví mới và bảo vệ tài khoản bạn dùng để đăng nhập.',
  browserOnSystem: '{browser} trên {system}',
  unknownBrowser: 'Một trình duyệt không xác định',
  confirmDeviceTitle: 'Xác nhận thiết bị này',
  confirmDeviceBody: 'Một lượt đăng nhập Portico cho {email} đang chờ trên thiết bị mới.',
  confirmDeviceButton: 'Xác nhận thiết bị này',
  linkInvalidTitle: 'Liên kết này không còn hiệu lực',
  linkInvalidBody: 'Liên kết đã được dùng hoặc đã hết hạn. Hãy đăng nhập lại từ đầu.',
  deviceConfirmedTitle: 'Đã xác nhận thiết bị',
  deviceConfirmedBody: 'Chúng tôi đã gửi mã đăng nhập qua email. Hãy quay lại ứng dụng và nhập mã.',
  deviceConfirmedRateLimited:
    'Gần đây có quá nhiều email gửi tới địa chỉ này: hãy yêu cầu mã mới trong ứng dụng sau một lúc.',
  signInTitle: 'Đăng nhập',
  signInOpening: 'Đang mở trang đăng nhập…',
  signInNotFromSite:
    'Hãy bắt đầu lần đăng nhập này từ trang web bạn muốn đăng nhập. Không thể dùng liên kết đăng nhập do người khác gửi cho bạn.',
  signInLinkUsed: 'Liên kết đăng nhập này đã hết hạn hoặc đã được dùng. Hãy đóng cửa sổ này và thử lại.',
  signInExpired: 'Liên kết đăng nhập này đã hết hạn. Hãy đóng cửa sổ này và thử lại.',
  signInOtherBrowser:
    'Lần đăng nhập này được bắt đầu trên một trình duyệt khác nên đã bị dừng. Hãy bắt đầu lại từ trang web bạn muốn đăng nhập.',
  signInFailed: 'Đăng nhập không thành công. Hãy đóng cửa sổ này và thử lại.',
  signInComplete: 'Đã đăng nhập xong. Bạn có thể đóng cửa sổ này.',
  signInContinue: 'Tiếp tục',
} satisfies MailTranslation
