% Domineering, 4 columns x 3 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
4 3
#init
#depth
7
#blackgoal
#whitegoal
