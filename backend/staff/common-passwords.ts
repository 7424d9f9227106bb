/**
 * Passwords and password stems people choose most often (from the NCSC's and public breach
 * lists), lower-cased with anything but letters and digits removed. A new password is refused
 * when it is one of these, or one of these followed by digits ("liverpool1234!"), which
 * are the first guesses of anyone trying passwords.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `123456 123456789 12345678 1234567890 123456789012 1234567891011 111111111111 000000000000 987654321
  password passw0rd password1 passwordpassword p4ssw0rd pa55word qwerty qwertyuiop qwertyuiopasdf qwerty123456
  1q2w3e4r5t6y 1qaz2wsx3edc zaq12wsx qazwsxedc asdfghjkl zxcvbnm abcdefghijkl abc123 abcd1234 a1b2c3d4e5f6
  iloveyou letmein welcome welcometo admin administrator changeme default secret trustno1 master login
  football baseball basketball soccer hockey cricket rugby golf
  monkey dragon shadow sunshine princess starwars superman batman pokemon mustang michael jordan
  liverpool liverpoolfc everton evertonfc chelsea arsenal manchester manchesterunited manutd tottenham
  england london birmingham leeds newcastle
  summer winter spring autumn monday friday january christmas
  dealer dealership dockside motors motor cars vans trucks cardealer salesman
  computer internet whatever freedom flower hello hellohello goodluck blessed charlie thomas jessica
  ashley daniel george harry oliver jack william
  thequickbrownfox correcthorsebatterystaple letmeinplease opensesame nopassword mypassword
  yourpassword thisismypassword ilovemycar`
    .split(/\s+/)
    .filter(Boolean),
);
