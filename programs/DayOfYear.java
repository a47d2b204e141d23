/** The day of the year of a date, by a switch that falls through the months; prints it. */
public class DayOfYear {
    public static int dayOfYear(int month, int day, boolean leap) {
        int total = 0;
        switch (month) {
            case 12: total += 30;
            case 11: total += 31;
            case 10: total += 30;
            case 9: total += 31;
            case 8: total += 31;
            case 7: total += 30;
            case 6: total += 31;
            case 5: total += 30;
            case 4: total += 31;
            case 3: total += leap ? 29 : 28;
            case 2: total += 31;
            case 1: break;
            default:
                throw new IllegalArgumentException("month " + month);
        }
        total += day;
        System.out.printf("%02d/%02d is day %3d%n", month, day, total);
        return total;
    }
}
