% Domineering, 5 columns x 6 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
5 6
#init
#depth
11
#blackgoal
#whitegoal
