% Domineering, 6 columns x 3 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
6 3
#init
#depth
10
#blackgoal
#whitegoal
